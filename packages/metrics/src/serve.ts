import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, register } from 'prom-client';

let program: string | undefined;

/** Labels every series with the program's name and adds the process metrics (CPU, memory, event loop). */
export function setProgram(name: string): void {
  if (program) return;
  program = name;
  register.setDefaultLabels({ program: name });
  collectDefaultMetrics({ prefix: 'parley_' });
}

/** Prometheus' text format of every metric in the registry. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: register.contentType, body: await register.metrics() };
}

export interface StopSteps {
  add(step: () => Promise<void> | void): void;
}

/**
 * `GET /metrics` on a port of its own, apart from the program's API: the Ingress never routes to
 * it, and NetworkPolicies let only the monitoring namespace reach it. Port 0 picks a free one.
 */
export async function serveMetrics(
  stops: StopSteps,
  options: { port: number; host?: string },
): Promise<{ port: number; server: Server }> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metricsText().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      (e: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${(e as Error).message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  stops.add(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : options.port, server };
}
