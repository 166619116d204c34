import type { IncomingMessage, ServerResponse } from 'node:http';
import { httpDuration, httpRequests } from './catalogue';

interface RoutedRequest extends IncomingMessage {
  baseUrl?: string;
  route?: { path?: unknown };
}

/**
 * Express middleware: counts and times every request by its route pattern (`/api/rooms/:id`),
 * never by its path, so ids do not explode the number of series; unmatched requests count as one
 * route.
 */
export function httpMetrics() {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const r = req as RoutedRequest;
      const pattern = typeof r.route?.path === 'string' ? `${r.baseUrl ?? ''}${r.route.path}` : 'unmatched';
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
