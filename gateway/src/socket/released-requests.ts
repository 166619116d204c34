import { ServerResponse, type IncomingMessage } from 'node:http';

type EngineMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: Error) => void) => void;

/**
 * engine.io answers a WebSocket upgrade with a stand-in response (WebSocketResponse) whose
 * `close` listener on the TCP socket holds it, and it the upgrade request, for the connection's
 * life: an idle widget socket kept its whole IncomingMessage (about 2.5 KB with its headers,
 * parsed cookies and the property store engine.io's `delete` leaves it; docs/benchmarks.md, runs
 * AC). Installed as the engine's last middleware, this drops the stand-in's request: after the
 * middlewares it is only used to emit `close`. A plain HTTP response (polling) is left alone.
 */
export const releaseUpgradeRequest: EngineMiddleware = (_req, res, next) => {
  if (!(res instanceof ServerResponse)) (res as { req?: unknown }).req = undefined;
  next();
};

/**
 * Drops the engine.io connection's own reference to its first request, once the Socket.IO
 * handshake middleware (the only reader of `socket.request`: the client's address and cookies)
 * has run. `socket.handshake` (headers, query, address) stays.
 */
export function releaseHandshakeRequest(conn: { request?: unknown }): void {
  conn.request = undefined;
}
