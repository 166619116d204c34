import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { tracer } from './spans';

type Packet = unknown[];
type SocketMiddleware = (packet: Packet, next: (err?: Error) => void) => void;

/**
 * Socket.IO middleware (`socket.use`): one span per message a client sends, named by its event.
 * A message that asks for an acknowledgement ends its span when the handler answers (an answer
 * `{ ok: false }` marks it failed); one without ends once its handler has been called. Each
 * message is a trace of its own: a socket lives for hours and is no request.
 */
export function socketMessageTracing(attributes: Record<string, string> = {}): SocketMiddleware {
  return (packet, next) => {
    const event = typeof packet[0] === 'string' ? packet[0] : 'message';
    const span = tracer().startSpan(
      `socket.io ${event}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'messaging.system': 'socket.io', 'socket.io.event': event, ...attributes },
      },
      ROOT_CONTEXT,
    );
    // Tracing off: the API's span has no ids, and nothing below would be kept.
    if (!trace.isSpanContextValid(span.spanContext())) {
      next();
      return;
    }
    const last = packet.length - 1;
    const ack = packet[last];
    if (last > 0 && typeof ack === 'function') {
      packet[last] = (...answer: unknown[]) => {
        const first = answer[0] as { ok?: unknown; status?: unknown } | undefined;
        if (first && first.ok === false) {
          span.setStatus({ code: SpanStatusCode.ERROR });
          if (typeof first.status === 'number') span.setAttribute('socket.io.ack_status', first.status);
        }
        span.end();
        return (ack as (...args: unknown[]) => unknown)(...answer);
      };
    } else setImmediate(() => span.end());
    // socket.io calls the handler from a process.nextTick scheduled inside next(): it runs in the span.
    context.with(trace.setSpan(ROOT_CONTEXT, span), () => next());
  };
}
