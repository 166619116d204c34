import { loadService, rpcClient, type Caller, type CallerTokenSigner, type RpcClient } from '@parley/grpc';
import type {
  MarketingReply__Output,
  MarketingRequest,
} from '@parley/grpc/generated/parley/notifications/v1';
import { metadataOf, type CallContext } from './call-context';

type Webhooks = RpcClient<'parley.notifications.v1.Webhooks'>;
/** The owner methods: each takes a MarketingRequest and answers a JSON document. */
export type WebhooksMethod = {
  [K in keyof Webhooks]: Webhooks[K] extends (
    request: MarketingRequest,
    ...rest: never[]
  ) => Promise<MarketingReply__Output>
    ? K
    : never;
}[keyof Webhooks];

/** parley.notifications.v1.Webhooks: JSON in, JSON out, like the Marketing service. */
export interface WebhooksClient {
  call(
    method: WebhooksMethod,
    caller: Caller,
    request: { id?: string; input?: unknown },
    context?: CallContext,
  ): Promise<unknown>;
  close(): void;
}

export function createWebhooksClient(
  address: string,
  deadlineMs: number,
  callerToken?: CallerTokenSigner,
): WebhooksClient {
  const Webhooks = loadService('notifications/v1/webhooks.proto', 'parley.notifications.v1.Webhooks');
  const rpc = rpcClient(Webhooks, address, { deadlineMs, callerToken });
  return {
    call: async (method, caller, r, context) => {
      const reply = await rpc[method](
        {
          caller,
          id: r.id ?? '',
          inputJson: r.input === undefined ? '' : JSON.stringify(r.input),
          queryJson: '',
        },
        { metadata: metadataOf(context) },
      );
      return JSON.parse(reply.json || 'null') as unknown;
    },
    close: () => rpc.close(),
  };
}
