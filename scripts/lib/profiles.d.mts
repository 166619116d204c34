export interface Ports {
  frontend: number;
  gateway: number;
  identityGrpc: number;
  identityHttp: number;
  notificationsGrpc: number;
  domainsGrpc: number;
  contentGrpc: number;
  billingGrpc: number;
  mailSmtp: number;
  mailHttp: number;
  stripeHttp: number;
}
export interface Profile {
  name: 'dev' | 'test';
  namespace: string;
  ports: Ports;
  logToFiles: boolean;
  databaseName(service: string): string;
}
export function randomNamespace(): string;
export function resolveProfile(name: string, options?: { namespace?: string; slot?: string }): Profile;
