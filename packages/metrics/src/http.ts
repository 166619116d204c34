import type { IncomingMessage, ServerResponse } from 'node:http';
import { httpDuration, httpRequests } from './catalogue';
import { routePattern, watchRoutePattern } from './route-pattern';

/**
 * Express middleware: counts and times every request by its route pattern (`/api/rooms/:id`),
 * never by its path, so ids do not explode the number of series; unmatched requests count as one
 * route.
 */
export function httpMetrics() {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const started = process.hrtime.bigint();
    watchRoutePattern(req);
    res.once('finish', () => {
      const pattern = routePattern(req) ?? 'unmatched';
      const status = String(res.statusCode);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      httpRequests.inc({ method: req.method ?? 'GET', route: pattern, status });
      httpDuration.observe(
        { method: req.method ?? 'GET', route: pattern, status_class: `${status[0]}xx` },
        seconds,
      );
    });
    next();
  };
}
