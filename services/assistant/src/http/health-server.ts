import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** What /readyz says beside ready or not (the engine, and how the model endpoint's last call went). */
export type ReadinessDetails = () => Record<string, unknown>;

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Liveness and readiness over HTTP, as the other programs answer them: /healthz (alive) and
 * /readyz (the event bus is connected: 200, else 503), whose body also carries `details`. The
 * model endpoint failing does not make the service unready: the retrieval engine answers then.
 */
export async function startHealthServer(options: {
  port: number;
  isReady: () => boolean;
  details: ReadinessDetails;
}): Promise<HealthServer> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://assistant').pathname;
    if (path !== '/healthz' && path !== '/readyz') return send(res, 404, { error: 'not found' });
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return send(res, 405, { error: 'method not allowed' });
    }
    if (path === '/healthz') return send(res, 200, { status: 'ok' });
    const ready = options.isReady();
    send(res, ready ? 200 : 503, { status: ready ? 'ready' : 'not ready', ...options.details() });
  });
  server.keepAliveTimeout = 5000;
  const port = await listen(server, options.port);
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}
