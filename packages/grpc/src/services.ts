import type * as grpc from '@grpc/grpc-js';
import type { ProtoServices } from '../generated/services';

export type { ProtoServices };

/** A service's full name in proto/, e.g. 'parley.identity.v1.Identity'. */
export type ServiceName = keyof ProtoServices;

/** What a service's handlers must implement: each of its methods, typed from proto/. */
export type ServiceHandlers<N extends ServiceName> = ProtoServices[N]['handlers'];

/** The loaded service: its typed grpc-js client class, with the method definitions as `service`. */
export type ServiceConstructor<N extends ServiceName> = (new (
  address: string,
  credentials: grpc.ChannelCredentials,
  options?: grpc.ClientOptions,
) => ProtoServices[N]['client']) & { service: ProtoServices[N]['definition']; serviceName: string };

/** A service and its implementation for startGrpcServer, checked against each other. */
export type ServiceBinding = {
  [N in ServiceName]: { definition: ProtoServices[N]['definition']; implementation: ServiceHandlers<N> };
}[ServiceName];
