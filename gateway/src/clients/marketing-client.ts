import { loadService, rpcClient, type Caller, type RpcClient, type CallerTokenSigner } from '@parley/grpc';
import type {
  MarketingReply__Output,
  MarketingRequest,
} from '@parley/grpc/generated/parley/notifications/v1';

type Marketing = RpcClient<'parley.notifications.v1.Marketing'>;
/** The owner methods: each takes a MarketingRequest and answers a JSON document. */
export type MarketingMethod = {
  [K in keyof Marketing]: Marketing[K] extends (
    request: MarketingRequest,
    ...rest: never[]
  ) => Promise<MarketingReply__Output>
    ? K
    : never;
}[keyof Marketing];
import { metadataOf, type CallContext } from './call-context';

/**
 * proto/notifications/v1/marketing.proto as the gateway uses it: the service answers JSON
 * documents in the REST bodies' shapes (docs/api/marketing.md), handed on as they are;
 * rejections are AppErrors.
 */
export interface MarketingClient {
  /** An owner call: `method` of the service with the caller and the request's parts. */
  call(
    method: MarketingMethod,
    caller: Caller,
    request: { id?: string; input?: unknown; query?: unknown },
    context?: CallContext,
  ): Promise<unknown>;
  /** unsubscribed | invalid */
  unsubscribe(token: string, context?: CallContext): Promise<string>;
  close(): void;
}

export function createMarketingClient(
  address: string,
  deadlineMs: number,
  callerToken?: CallerTokenSigner,
): MarketingClient {
  const Marketing = loadService('notifications/v1/marketing.proto', 'parley.notifications.v1.Marketing');
  const rpc = rpcClient(Marketing, address, { deadlineMs, callerToken });
  const call = (context?: CallContext) => ({ metadata: metadataOf(context) });
  return {
    call: async (method, caller, r, context) => {
      const reply = await rpc[method](
        {
          caller,
          id: r.id ?? '',
          inputJson: r.input === undefined ? '' : JSON.stringify(r.input),
          queryJson: r.query === undefined ? '' : JSON.stringify(r.query),
        },
        call(context),
      );
      return JSON.parse(reply.json || 'null') as unknown;
    },
    unsubscribe: async (token, context) => (await rpc.unsubscribe({ token }, call(context))).outcome,
    close: () => rpc.close(),
  };
}
