import { Counter, Gauge, Histogram, register } from 'prom-client';

// Every metric the programs export, in one place: names, help and labels are the contract with
// the dashboards and alerts (docs/operations.md#metrics). All live in prom-client's default
// registry, which /metrics serves; a program labels them with its name (setProgram).

/** Seconds; from 2.5 ms (a cached gRPC read) to 10 s (a deadline). */
const LATENCY_BUCKETS = [0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function once<T>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

export const httpRequests = once(
  'parley_http_requests_total',
  () =>
    new Counter({
      name: 'parley_http_requests_total',
      help: 'HTTP requests answered, by route pattern and status code',
      labelNames: ['method', 'route', 'status'] as const,
    }),
);

export const httpDuration = once(
  'parley_http_request_duration_seconds',
  () =>
    new Histogram({
      name: 'parley_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern and status class',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: LATENCY_BUCKETS,
    }),
);

export const grpcServerHandled = once(
  'parley_grpc_server_handled_total',
  () =>
    new Counter({
      name: 'parley_grpc_server_handled_total',
      help: 'gRPC calls a server answered, by method and status code',
      labelNames: ['method', 'code'] as const,
    }),
);

export const grpcServerDuration = once(
  'parley_grpc_server_handling_seconds',
  () =>
    new Histogram({
      name: 'parley_grpc_server_handling_seconds',
      help: 'Time a gRPC server took to answer, by method',
      labelNames: ['method'] as const,
      buckets: LATENCY_BUCKETS,
    }),
);

export const grpcClientHandled = once(
  'parley_grpc_client_handled_total',
  () =>
    new Counter({
      name: 'parley_grpc_client_handled_total',
      help: 'gRPC calls a client made, by method and outcome (ok or the error kind)',
      labelNames: ['method', 'outcome'] as const,
    }),
);

export const grpcClientDuration = once(
  'parley_grpc_client_handling_seconds',
  () =>
    new Histogram({
      name: 'parley_grpc_client_handling_seconds',
      help: 'Time from a gRPC call to its answer, as its client saw it, by method',
      labelNames: ['method'] as const,
      buckets: LATENCY_BUCKETS,
    }),
);

export const socketConnections = once(
  'parley_socketio_connections',
  () =>
    new Gauge({
      name: 'parley_socketio_connections',
      help: 'Socket.IO connections open on this gateway, by who connected (team or visitor)',
      labelNames: ['kind'] as const,
    }),
);

export const eventAppends = once(
  'parley_event_appends_total',
  () =>
    new Counter({
      name: 'parley_event_appends_total',
      help: 'Appends to the event log, by stream and outcome (appended, duplicate, conflict, failed)',
      labelNames: ['stream', 'outcome'] as const,
    }),
);

/**
 * Seconds from a visitor's message stored in the log to the assistant's turn done (its answer
 * posted, or the hand-over asked for): what the visitor waits, queueing and a model's reply
 * included. Up to a minute: a language model's answer takes seconds.
 */
export const assistantAnswer = once(
  'parley_assistant_answer_seconds',
  () =>
    new Histogram({
      name: 'parley_assistant_answer_seconds',
      help: "Time from a visitor's message in the log to the assistant's turn done, by outcome and engine",
      labelNames: ['outcome', 'engine'] as const,
      buckets: [0.1, 0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30, 60],
    }),
);
