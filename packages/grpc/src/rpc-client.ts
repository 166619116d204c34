import type * as grpc from '@grpc/grpc-js';
import type { CallerTokenSigner } from './caller-token';
import { callUnary, createClient } from './client';
import type { ProtoServices, ServiceConstructor, ServiceName } from './services';

/** Per-call settings: metadata sent along (a request id) and a deadline other than the client's. */
export interface RpcCallOptions {
  metadata?: Record<string, string>;
  deadlineMs?: number;
}

// The generated client declares each method four ways; the last, (argument, callback), is the one
// a conditional type reads the request and answer types from.
type UnaryMethod<Req, Res> = (argument: Req, callback: grpc.requestCallback<Res>) => grpc.ClientUnaryCall;

/** The unary methods of a generated client, by their camelCase names. */
type UnaryNames<C> = {
  [K in keyof C]: K extends string
    ? K extends Uncapitalize<K>
      ? C[K] extends UnaryMethod<infer _Req, infer _Res>
        ? K
        : never
      : never
    : never;
}[keyof C];

/**
 * A service's unary methods as promises, typed from proto/: `rpc.getUser({ userId })` resolves to
 * the User as proto-loader hands it over (defaults filled in) and rejects with an AppError.
 */
export type RpcClient<N extends ServiceName> = {
  readonly [K in UnaryNames<ProtoServices[N]['client']>]: ProtoServices[N]['client'][K] extends UnaryMethod<
    infer Req,
    infer Res
  >
    ? (request: Req, options?: RpcCallOptions) => Promise<Res>
    : never;
} & { close(): void };

export interface RpcClientOptions {
  /** Each call's deadline unless the call names its own; a call that takes longer is `unavailable`. */
  deadlineMs: number;
  /** The largest message sent or taken (grpc-js takes 4 MiB by default), for calls carrying files. */
  maxMessageBytes?: number;
  /** Signs every call with a caller token (CALLER_TOKEN_SECRET); services refuse calls without. */
  callerToken?: CallerTokenSigner;
}

/**
 * A typed client of one service: every unary method of its definition, under the camelCase name
 * grpc-js gives it, called through callUnary (deadline, metrics, errors as AppErrors).
 */
export function rpcClient<N extends ServiceName>(
  Service: ServiceConstructor<N>,
  address: string,
  options: RpcClientOptions,
): RpcClient<N> {
  const client = createClient(Service, address, {
    maxMessageBytes: options.maxMessageBytes,
    callerToken: options.callerToken,
  });
  const methods: Record<string, unknown> = { close: () => client.close() };
  for (const [name, method] of Object.entries(Service.service as grpc.ServiceDefinition)) {
    if (method.requestStream || method.responseStream) continue;
    const callName = method.originalName ?? name;
    methods[callName] = (request: unknown, call: RpcCallOptions = {}) =>
      callUnary(client, callName, request, {
        deadlineMs: call.deadlineMs ?? options.deadlineMs,
        metadata: call.metadata,
      });
  }
  return methods as RpcClient<N>;
}
