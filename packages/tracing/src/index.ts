export { startTracing, type Tracing, type TracingSettings } from './setup';
export {
  tracer,
  inSpan,
  inEventSpan,
  startEventSpans,
  failSpan,
  traceCarrier,
  contextFrom,
  SpanKind,
  type Span,
  type Attributes,
} from './spans';
export { httpTracing } from './http';
export { socketMessageTracing } from './socket';
