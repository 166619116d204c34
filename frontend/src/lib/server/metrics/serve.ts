import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

/**
 * `GET /metrics` on a port of its own, apart from the pages: the Ingress routes only the public
 * port, and NetworkPolicies let only the monitoring namespace reach this one. Port 0 picks a free one.
 */
export async function serveMetrics(
  registry: Registry,
  options: { port: number; host: string },
): Promise<{ port: number; server: Server }> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
      (e: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${(e as Error).message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  // Never what keeps the process alive: Next's own server does, and it decides when to stop.
  server.unref();
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : options.port, server };
}
