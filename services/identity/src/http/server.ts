import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { PublicSigningJwk, SigningKey } from '../security/signing-key';

export interface HttpServerOptions {
  port: number;
  issuer: string;
  signingKey: SigningKey;
  /**
   * Keys identity signed with before a rotation, published beside the current one so that access
   * tokens they signed still verify until they expire.
   */
  previousKeys?: PublicSigningJwk[];
  isReady: () => boolean;
}

export interface HttpServerHandle {
  port: number;
  close(): Promise<void>;
}

/**
 * The public face of the token issuer: JWKS and OpenID discovery (so verifiers such as the
 * gateway, or anything speaking OIDC, find the keys), plus liveness and readiness.
 */
export async function startHttpServer(options: HttpServerOptions): Promise<HttpServerHandle> {
  const previous = (options.previousKeys ?? []).filter((k) => k.kid !== options.signingKey.kid);
  const jwks = JSON.stringify({ keys: [options.signingKey.publicJwk, ...previous] });
  const discovery = JSON.stringify({
    issuer: options.issuer,
    jwks_uri: `${options.issuer}/.well-known/jwks.json`,
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['ES256'],
    token_endpoint_auth_signing_alg_values_supported: ['ES256'],
    claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'jti', 'role', 'acct', 'email', 'name', 'sid'],
  });

  const routes: Record<string, (res: ServerResponse) => void> = {
    '/.well-known/jwks.json': (res) => send(res, 200, jwks, 'public, max-age=300'),
    '/.well-known/openid-configuration': (res) => send(res, 200, discovery, 'public, max-age=300'),
    '/healthz': (res) => send(res, 200, '{"status":"ok"}'),
    '/readyz': (res) =>
      options.isReady() ? send(res, 200, '{"status":"ready"}') : send(res, 503, '{"status":"not ready"}'),
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://identity').pathname;
    const route = routes[path];
    if (!route) return send(res, 404, '{"error":"not found"}');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return send(res, 405, '{"error":"method not allowed"}');
    }
    route(res);
  });
  server.keepAliveTimeout = 5000;
  const port = await listen(server, options.port);
  return { port, close: () => close(server) };
}

function send(res: ServerResponse, status: number, body: string, cacheControl = 'no-store'): void {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': cacheControl,
    'Access-Control-Allow-Origin': '*',
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
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

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
