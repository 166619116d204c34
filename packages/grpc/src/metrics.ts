import * as grpc from '@grpc/grpc-js';
import {
  grpcClientDuration,
  grpcClientHandled,
  grpcServerDuration,
  grpcServerHandled,
} from '@parley/metrics';
import { clientCallSpan, inServerSpan } from './tracing';

type UnaryImpl = (call: unknown, callback: grpc.sendUnaryData<unknown>) => unknown;

/**
 * The implementation with each unary method counted and timed by its full name
 * (`parley.billing.v1.Billing/GetPlan`) and the status code it answered, and traced (a server
 * span continuing the caller's trace); streaming methods pass through untouched.
 */
export function instrumented(
  definition: grpc.ServiceDefinition,
  implementation: object,
): Record<string, grpc.UntypedHandleCall> {
  const handlers = implementation as Record<string, grpc.UntypedHandleCall>;
  const wrapped = { ...handlers };
  for (const [name, method] of Object.entries(definition)) {
    const handler = handlers[name] as UnaryImpl | undefined;
    if (!handler || method.requestStream || method.responseStream) continue;
    const label = method.path.replace(/^\//, '');
    wrapped[name] = ((call: { metadata?: grpc.Metadata }, callback: grpc.sendUnaryData<unknown>) => {
      const stop = grpcServerDuration.startTimer({ method: label });
      return inServerSpan(label, call.metadata, (traced) =>
        handler(call, (err, value, ...rest) => {
          stop();
          const code = err ? (err.code ?? grpc.status.UNKNOWN) : grpc.status.OK;
          const codeName = grpc.status[code] ?? String(code);
          grpcServerHandled.inc({ method: label, code: codeName });
          traced(code, codeName);
          callback(err, value, ...rest);
        }),
      );
    }) as grpc.UntypedHandleCall;
  }
  return wrapped;
}

/**
 * Starts timing and tracing a client call: `headers` go into the call's metadata (the trace's
 * `traceparent`), `done` records its outcome (ok or the error kind).
 */
export function clientCallTimer(
  client: grpc.Client,
  method: string,
): { headers: Record<string, string>; done(outcome: string): void } {
  const service = (client.constructor as { serviceName?: string }).serviceName ?? 'unknown';
  const label = `${service}/${method}`;
  const stop = grpcClientDuration.startTimer({ method: label });
  const span = clientCallSpan(label);
  return {
    headers: span.headers,
    done: (outcome) => {
      stop();
      grpcClientHandled.inc({ method: label, outcome });
      span.end(outcome);
    },
  };
}
