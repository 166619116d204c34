import { context, trace } from '@opentelemetry/api';
import { contextFrom, failSpan, SpanKind, tracer } from '@parley/tracing';

export interface DeliverySpan {
  /** Runs `fn` with the span active, so the calls it makes (content's product cards) join the trace. */
  within<T>(fn: () => Promise<T>): Promise<T>;
  /** Ends it: failed with an error, else with how many room emissions went out. */
  end(error?: unknown, emissions?: number): void;
}

/**
 * The relay's span for one conversations event, from its arrival to its emits to the sockets'
 * rooms: a consumer span continuing the trace of the request that appended the event (its
 * `traceparent` in the event's meta). Tracing off: nothing is recorded.
 */
export function deliverySpan(
  type: string,
  sequence: number,
  meta: Record<string, string> | undefined,
): DeliverySpan {
  const parent = contextFrom(meta);
  const span = tracer().startSpan(
    `deliver ${type || 'unreadable event'}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'nats',
        'parley.event.type': type,
        'parley.event.sequence': sequence,
        'parley.delivery': 'socket.io',
      },
    },
    parent,
  );
  const active = trace.setSpan(parent, span);
  return {
    within: (fn) => context.with(active, fn),
    end: (error, emissions) => {
      if (error !== undefined) failSpan(span, error);
      if (emissions !== undefined) span.setAttribute('parley.emissions', emissions);
      span.end();
    },
  };
}
