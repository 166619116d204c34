import { context, propagation, trace } from '@opentelemetry/api';
import type { TracingSettings } from '@parley/config';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

export type { TracingSettings };

export interface Tracing {
  /** Sends the spans ended so far now rather than with the next batch. */
  flush(): Promise<void>;
  /** Sends what is still buffered and stops exporting. */
  shutdown(): Promise<void>;
}

let active: { program: string; provider: NodeTracerProvider } | undefined;

/**
 * Turns tracing on for this process: spans of the API (@opentelemetry/api) are recorded and sent
 * in batches to the OTLP/HTTP endpoint, context follows async calls (AsyncLocalStorage) and
 * travels as W3C `traceparent`. Without settings nothing is registered: every span the code
 * starts is the API's non-recording one and no context is injected, so the cost is a few
 * function calls. A trace begun upstream keeps its caller's sampling decision. One provider per process; a second call (tests running several programs in
 * one process) keeps the first.
 */
export function startTracing(program: string, settings: TracingSettings | undefined): Tracing {
  if (!settings || active) return { flush: async () => undefined, shutdown: async () => undefined };
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: program }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(settings.sampleRatio) }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: settings.tracesUrl }))],
  });
  provider.register();
  const current = { program, provider };
  active = current;
  return {
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      if (active !== current) return;
      active = undefined;
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
