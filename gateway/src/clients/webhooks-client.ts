import { callUnary, createClient, loadService, type Caller } from '@parley/grpc';
import { metadataOf, type CallContext } from './call-context';

/** parley.notifications.v1.Webhooks: JSON in, JSON out, like the Marketing service. */
export interface WebhooksClient {
  call(
    method: string,
    caller: Caller,
    request: { id?: string; input?: unknown },
    context?: CallContext,
  ): Promise<unknown>;
  close(): void;
}

export function createWebhooksClient(address: string, deadlineMs: number): WebhooksClient {
  const Webhooks = loadService('notifications/v1/webhooks.proto', 'parley.notifications.v1.Webhooks');
  const client = createClient(Webhooks, address);
  return {
    call: async (method, caller, r, context) => {
      const reply = await callUnary<object, { json: string }>(
        client,
        method,
        {
          caller,
          id: r.id ?? '',
          inputJson: r.input === undefined ? '' : JSON.stringify(r.input),
          queryJson: '',
        },
        { deadlineMs, metadata: metadataOf(context) },
      );
      return JSON.parse(reply.json || 'null') as unknown;
    },
    close: () => client.close(),
  };
}
