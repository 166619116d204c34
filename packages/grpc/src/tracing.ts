import type * as grpc from '@grpc/grpc-js';
import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { contextFrom, SpanKind, traceCarrier, tracer, type Attributes } from '@parley/tracing';

const TRACE_KEYS = ['traceparent', 'tracestate'] as const;

/**
 * A client span for one call, child of the active span; `headers` carry it to the server as
 * gRPC metadata (W3C `traceparent`), empty when tracing is off.
 */
export function clientCallSpan(
  label: string,
  attributes: Attributes = {},
): {
  headers: Record<string, string>;
  end(outcome: string): void;
} {
  const span = tracer().startSpan(label, {
    kind: SpanKind.CLIENT,
    attributes: { 'rpc.system': 'grpc', 'rpc.method': label, ...attributes },
  });
  if (!trace.isSpanContextValid(span.spanContext())) return { headers: {}, end: () => undefined };
  return {
    headers: traceCarrier(trace.setSpan(context.active(), span)),
    end: (outcome) => {
      if (outcome !== 'ok') span.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
      span.end();
    },
  };
}

/**
 * Runs a server method's handler in a server span continuing the caller's trace (its metadata's
 * `traceparent`); `done` ends the span with the status code the method answered.
 */
export function inServerSpan<T>(
  label: string,
  metadata: grpc.Metadata | undefined,
  handler: (done: (code: number, codeName: string) => void) => T,
): T {
  const carrier: Record<string, string> = {};
  for (const key of TRACE_KEYS) {
    const value = metadata?.get(key)[0];
    if (typeof value === 'string') carrier[key] = value;
  }
  return inServerSpanOf(label, carrier, handler);
}

/**
 * inServerSpan for a context that came another way than the call's metadata: a batch item's own
 * `traceparent`, so each item's work belongs to its caller's trace, not to the batch call's.
 */
export function inServerSpanOf<T>(
  label: string,
  carrier: Record<string, string>,
  handler: (done: (code: number, codeName: string) => void) => T,
  attributes: Attributes = {},
): T {
  const parent = contextFrom(carrier);
  const span = tracer().startSpan(
    label,
    { kind: SpanKind.SERVER, attributes: { 'rpc.system': 'grpc', 'rpc.method': label, ...attributes } },
    parent,
  );
  if (!trace.isSpanContextValid(span.spanContext())) return handler(() => undefined);
  return context.with(trace.setSpan(parent, span), () =>
    handler((code, codeName) => {
      span.setAttribute('rpc.grpc.status_code', code);
      // Answers such as NOT_FOUND are the method working; what an operator must look at fails.
      if (code === 2 || code === 4 || code === 13 || code === 14 || code === 15)
        span.setStatus({ code: SpanStatusCode.ERROR, message: codeName });
      span.end();
    }),
  );
}
