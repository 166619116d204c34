import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { routePattern, watchRoutePattern } from '@parley/metrics';
import { contextFrom, tracer } from './spans';

/**
 * Express middleware: one server span per request, named by its route pattern once routing has
 * matched (`POST /api/widget/messages`, never a path with ids), continuing a `traceparent` the
 * caller sent. The request and response are bound to the span's context, so handlers that run
 * from their events (a body read to its end) still see it.
 */
export function httpTracing() {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const method = req.method ?? 'GET';
    const parent = contextFrom(req.headers);
    const span = tracer().startSpan(
      method,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': method, 'url.path': (req.url ?? '/').split('?')[0] },
      },
      parent,
    );
    // Tracing off: the API's span has no ids, and nothing below would be kept.
    if (!trace.isSpanContextValid(span.spanContext())) {
      next();
      return;
    }
    watchRoutePattern(req);
    const active = trace.setSpan(parent, span);
    context.bind(active, req);
    context.bind(active, res);
    const end = (aborted: boolean) => {
      const route = routePattern(req);
      if (route) {
        span.updateName(`${method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', res.statusCode);
      if (aborted)
        span.setStatus({ code: SpanStatusCode.ERROR, message: 'connection closed before the answer' });
      else if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
    res.once('finish', () => end(false));
    res.once('close', () => {
      if (!res.writableFinished) end(true);
    });
    context.with(active, next);
  };
}
