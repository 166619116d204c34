import type { IncomingMessage } from 'node:http';

const PATTERN = Symbol('parley.routePattern');
const ROUTE = Symbol('parley.route');

interface Watched extends IncomingMessage {
  baseUrl?: string;
  route?: { path?: unknown };
  [PATTERN]?: string;
  [ROUTE]?: Watched['route'];
}

const watchedPrototypes = new WeakSet<object>();

/**
 * Remembers, when express matches a route, its full pattern with the routers' mount paths
 * (`/api/conversations/:roomId/messages`). Read at the response's end, `req.baseUrl` has already
 * been reset when the answer came from the error handler (every error answer), which left only
 * `/:roomId/messages`. Call at the request's start; calling it twice is harmless.
 *
 * The `route` accessor is put on the request's prototype (express's `app.request`, one per app),
 * once: an accessor of its own on each request gave each request a map of its own, made in V8's
 * old generation and pointing at the request, which then outlived every young-generation
 * collection with all it holds (docs/benchmarks.md, runs AR).
 */
export function watchRoutePattern(req: IncomingMessage): void {
  const r = req as Watched;
  if (Object.prototype.hasOwnProperty.call(r, 'route')) {
    // Set before any watch (no middleware of ours does): an own property would hide the
    // prototype's accessor from every later assignment.
    const route = r.route;
    delete r.route;
    r[ROUTE] = route;
  }
  const prototype = Object.getPrototypeOf(r) as object;
  if (watchedPrototypes.has(prototype)) return;
  watchedPrototypes.add(prototype);
  Object.defineProperty(prototype, 'route', {
    configurable: true,
    get(this: Watched) {
      return this[ROUTE];
    },
    set(this: Watched, value: Watched['route']) {
      this[ROUTE] = value;
      if (typeof value?.path === 'string') this[PATTERN] = `${this.baseUrl ?? ''}${value.path}`;
    },
  });
}

/** The pattern of the route that answered, if one matched (watchRoutePattern must have run). */
export function routePattern(req: IncomingMessage): string | undefined {
  return (req as Watched)[PATTERN];
}
