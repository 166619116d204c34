import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';

export { SpanKind, type Span, type Attributes };

/** The project's tracer; a proxy until startTracing registers a provider, so import order does not matter. */
export const tracer = () => trace.getTracer('parley');

/** Marks a span failed with the error's message and records it as an exception event. */
export function failSpan(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
}

/**
 * Runs `fn` in a new span that is the active one for everything `fn` starts (calls, appends);
 * the span ends when `fn` settles and a rejection marks it failed. `parent` defaults to the
 * active context.
 */
export function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Context },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(name, { kind: options.kind, attributes: options.attributes }, parent);
  return context.with(trace.setSpan(parent, span), () =>
    fn(span).then(
      (value) => {
        span.end();
        return value;
      },
      (error: unknown) => {
        failSpan(span, error);
        span.end();
        throw error;
      },
    ),
  );
}

/** The active trace as W3C headers (`traceparent`, `tracestate`); empty when tracing is off. */
export function traceCarrier(from: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(from, carrier);
  return carrier;
}

/**
 * The context a carrier (HTTP headers, gRPC metadata read out, an event's meta) continues;
 * the root context when it carries none. Never the ambient context: a consumer's own activity is
 * not the parent of the event it received.
 */
export function contextFrom(carrier: Record<string, unknown> | undefined): Context {
  if (!carrier) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, carrier, {
    keys: (c) => Object.keys(c),
    get: (c, key) => {
      const value = c[key];
      return typeof value === 'string' || Array.isArray(value) ? (value as string | string[]) : undefined;
    },
  });
}

/**
 * Handling one event from the log, continuing the trace of the request that appended it (its
 * `traceparent` in the event's meta).
 */
export function inEventSpan<T>(
  name: string,
  meta: Record<string, string> | undefined,
  attributes: Attributes,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  return inSpan(name, { kind: SpanKind.CONSUMER, attributes, parent: contextFrom(meta) }, fn);
}

/**
 * Consumer spans for several events handled together (one transaction), each continuing its own
 * event's trace; `end` closes them all, failed when given an error.
 */
export function startEventSpans(
  name: string,
  events: ReadonlyArray<{ meta?: Record<string, string>; type: string; sequence: number }>,
  attributes: Attributes = {},
): { end(error?: unknown): void } {
  const spans = events
    .map((event) =>
      tracer().startSpan(
        name,
        {
          kind: SpanKind.CONSUMER,
          attributes: {
            ...attributes,
            'parley.event.type': event.type,
            'parley.event.sequence': event.sequence,
          },
        },
        contextFrom(event.meta),
      ),
    )
    .filter((span) => span.isRecording());
  return {
    end: (error) => {
      for (const span of spans) {
        if (error !== undefined) failSpan(span, error);
        span.end();
      }
    },
  };
}
