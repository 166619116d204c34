import { callUnary, createClient, loadService, type Caller, type CallerTokenSigner } from '@parley/grpc';
import { metadataOf, type CallContext } from './call-context';

/**
 * proto/notifications/v1/marketing.proto as the gateway uses it: the service answers JSON
 * documents in the REST bodies' shapes (docs/api/marketing.md), handed on as they are;
 * rejections are AppErrors.
 */
export interface MarketingClient {
  /** An owner call: `method` of the service with the caller and the request's parts. */
  call(
    method: string,
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
  const client = createClient(Marketing, address, { callerToken });
  const call = <Res>(method: string, request: object, context?: CallContext) =>
    callUnary<object, Res>(client, method, request, { deadlineMs, metadata: metadataOf(context) });
  return {
    call: async (method, caller, r, context) => {
      const reply = await call<{ json: string }>(
        method,
        {
          caller,
          id: r.id ?? '',
          inputJson: r.input === undefined ? '' : JSON.stringify(r.input),
          queryJson: r.query === undefined ? '' : JSON.stringify(r.query),
        },
        context,
      );
      return JSON.parse(reply.json || 'null') as unknown;
    },
    unsubscribe: async (token, context) =>
      (await call<{ outcome: string }>('unsubscribe', { token }, context)).outcome,
    close: () => client.close(),
  };
}
