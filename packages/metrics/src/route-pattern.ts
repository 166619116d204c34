import type { IncomingMessage } from 'node:http';

const PATTERN = Symbol('parley.routePattern');

interface Watched extends IncomingMessage {
  baseUrl?: string;
  route?: { path?: unknown };
  [PATTERN]?: string;
}

/**
 * Remembers, when express matches a route, its full pattern with the routers' mount paths
 * (`/api/conversations/:roomId/messages`). Read at the response's end, `req.baseUrl` has already
 * been reset when the answer came from the error handler (every error answer), which left only
 * `/:roomId/messages`. Call at the request's start; calling it twice is harmless.
 */
export function watchRoutePattern(req: IncomingMessage): void {
  const r = req as Watched;
  if (Object.getOwnPropertyDescriptor(r, 'route')?.set) return;
  let route = r.route;
  Object.defineProperty(r, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set: (value: Watched['route']) => {
      route = value;
      if (typeof value?.path === 'string') r[PATTERN] = `${r.baseUrl ?? ''}${value.path}`;
    },
  });
}

/** The pattern of the route that answered, if one matched (watchRoutePattern must have run). */
export function routePattern(req: IncomingMessage): string | undefined {
  return (req as Watched)[PATTERN];
}
