import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { failSpan, SpanKind, traceCarrier, tracer } from '@parley/tracing';

/**
 * A producer span for one append, child of the active span (the gRPC call that decided it), and
 * the W3C headers naming it for the events' meta. Tracing off: no span, no headers.
 */
export function appendSpan(
  stream: string,
  subject: string,
  events: ReadonlyArray<{ type: string }>,
): { carrier: Record<string, string>; run<T>(append: () => Promise<T>): Promise<T> } {
  const span = tracer().startSpan(`append ${stream}`, {
    kind: SpanKind.PRODUCER,
    attributes: {
      'messaging.system': 'nats',
      'messaging.destination.name': subject,
      'parley.event.types': events.map((e) => e.type).join(','),
    },
  });
  if (!trace.isSpanContextValid(span.spanContext())) return { carrier: {}, run: (append) => append() };
  const active = trace.setSpan(context.active(), span);
  return {
    carrier: traceCarrier(active),
    run: (append) =>
      context.with(active, append).then(
        (result) => {
          span.end();
          return result;
        },
        (error: unknown) => {
          failSpan(span, error);
          if (error instanceof Error && error.name === 'ConcurrencyError')
            span.setStatus({ code: SpanStatusCode.ERROR, message: 'conflict' });
          span.end();
          throw error;
        },
      ),
  };
}
