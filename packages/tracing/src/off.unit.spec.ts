// Tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT): nothing is registered, nothing is written into
// requests, calls or events, and the middleware only passes things on.
import { context, trace } from '@opentelemetry/api';
import { inEventSpan, socketMessageTracing, startTracing, traceCarrier } from './index';

describe('tracing off', () => {
  it('registers nothing and puts no traceparent anywhere', async () => {
    const tracing = startTracing('test', undefined);
    expect(traceCarrier()).toEqual({});
    await inEventSpan(
      'x',
      { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
      {},
      async () => {
        // The event's context is there (it came with the event), but no span was started for it.
        expect(trace.getSpan(context.active())?.isRecording() ?? false).toBe(false);
      },
    );
    await tracing.flush();
    await tracing.shutdown();
  });

  it('hands a Socket.IO message on untouched, its acknowledgement included', () => {
    const ack = jest.fn();
    const packet: unknown[] = ['visitor-message', { content: 'hi' }, ack];
    const next = jest.fn();
    socketMessageTracing()(packet, next);
    expect(next).toHaveBeenCalledTimes(1);
    expect(packet[2]).toBe(ack);
  });
});
