export {
  httpRequests,
  httpDuration,
  grpcServerHandled,
  grpcServerDuration,
  grpcClientHandled,
  grpcClientDuration,
  socketConnections,
  eventAppends,
  assistantAnswer,
} from './catalogue';
export {
  sampledGauge,
  sampleProjectionLag,
  sampleDeadLetters,
  sampleConsumerPending,
  sampleOutboxDepth,
  type Sample,
  type Sampler,
} from './sampled';
export { setProgram, metricsText, serveMetrics, type StopSteps } from './serve';
export { httpMetrics } from './http';
export { watchRoutePattern, routePattern } from './route-pattern';
