export interface Ports {
  frontend: number;
  gateway: number;
  identityGrpc: number;
  identityHttp: number;
  notificationsGrpc: number;
  domainsGrpc: number;
  contentGrpc: number;
  billingGrpc: number;
  conversationsGrpc: number;
  assistantGrpc: number;
  /** The assistant's /healthz and /readyz. */
  assistantHttp: number;
  mailSmtp: number;
  mailHttp: number;
  stripeHttp: number;
  /** test and faults only: the frontend's METRICS_PORT (dev serves no metrics). */
  frontendMetrics?: number;
  /** faults only: its private PostgreSQL and NATS. */
  postgres?: number;
  nats?: number;
}
export interface Profile {
  name: 'dev' | 'test' | 'faults';
  namespace: string;
  /** test and faults: a clean environment, a random namespace, fresh databases. */
  isolated: boolean;
  ports: Ports;
  logToFiles: boolean;
  databaseName(service: string): string;
}
export function randomNamespace(): string;
export function resolveProfile(name: string, options?: { namespace?: string; slot?: string }): Profile;
