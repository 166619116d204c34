export { loadService, protoRoot } from './load';
export { startGrpcServer, type GrpcServerHandle, type GrpcServerOptions } from './server';
export { serveGrpc, type StopSteps } from './serve';
export { toServiceError, fromServiceError } from './errors';
export { unary, type UnaryHandler } from './unary';
export { createClient, callUnary, type ClientOptions } from './client';
export { rpcClient, type RpcClient, type RpcCallOptions, type RpcClientOptions } from './rpc-client';
export type {
  ProtoServices,
  ServiceBinding,
  ServiceConstructor,
  ServiceHandlers,
  ServiceName,
} from './services';
export { callerFrom, type Caller, type CallerMessage } from './caller';
export { isDependencyOutage } from './outage';
export {
  CALLER_TOKEN_METADATA,
  CallerTokenError,
  callerTokenSigner,
  callerTokenVerifier,
  type CallerTokenSigner,
  type CallerTokenVerifier,
  type VerifiedCaller,
} from './caller-token';
export { toItemError, fromItemError, statusCodeOf, type ItemErrorMessage } from './errors';
export { clientCallSpan } from './tracing';
export {
  runBatchItems,
  type BatchItemMessage,
  type BatchItemResult,
  type BatchItemsOptions,
} from './batch-items';
export { coalescer, type CoalescerOptions, type ItemOutcome, type SendBatch } from './coalescer';
