import {
  clientCallSpan,
  coalescer,
  fromItemError,
  type CoalescerOptions,
  type RpcClient,
} from '@parley/grpc';
import type {
  PostedMessage__Output,
  PostVisitorMessageRequest,
} from '@parley/grpc/generated/parley/conversations/v1';

/** How the gateway gathers visitor messages into PostVisitorMessages calls (GatewayConfig.visitorMessageBatch). */
export type VisitorMessageBatching = CoalescerOptions;

interface Item {
  request: PostVisitorMessageRequest;
  headers: Record<string, string>;
  /** When the item's own deadline runs out (ms since the epoch), as if it had been sent alone. */
  deadlineAt: number;
}

const LABEL = 'parley.conversations.v1.Conversations/postVisitorMessage';

/**
 * PostVisitorMessage for each caller, sent as PostVisitorMessages with the other visitor
 * messages of the turn: one gRPC call (one HTTP/2 stream, one caller token) for all of them. Each
 * item keeps what its own call had: a client span in its caller's trace (its `traceparent` goes
 * with the item, so conversations' work for it continues that trace), its deadline (the batch's
 * is the earliest of its items'), its answer or its own error (the AppError the single call would
 * have rejected with). A failure of the whole call (unavailable, deadline) fails every item.
 */
export function visitorMessageBatch(
  rpc: Pick<RpcClient<'parley.conversations.v1.Conversations'>, 'postVisitorMessages'>,
  deadlineMs: number,
  options: VisitorMessageBatching,
): (request: PostVisitorMessageRequest) => Promise<PostedMessage__Output> {
  const send = coalescer<Item, PostedMessage__Output>(async (items) => {
    const deadlineAt = Math.min(...items.map((i) => i.deadlineAt));
    const answer = await rpc.postVisitorMessages(
      {
        items: items.map((i) => ({
          request: i.request,
          traceparent: i.headers.traceparent ?? '',
          tracestate: i.headers.tracestate ?? '',
        })),
      },
      { deadlineMs: Math.max(1, deadlineAt - Date.now()) },
    );
    return items.map((_, i) => {
      const result = answer.results[i];
      if (result?.posted) return { ok: result.posted };
      if (result?.error) return { error: fromItemError(result.error) };
      return { error: new Error(`PostVisitorMessages answered no result for item ${i}`) };
    });
  }, options);

  return async (request) => {
    const span = clientCallSpan(LABEL, { 'parley.rpc.batched': true });
    try {
      const posted = await send({ request, headers: span.headers, deadlineAt: Date.now() + deadlineMs });
      span.end('ok');
      return posted;
    } catch (error) {
      span.end((error as { kind?: string }).kind ?? 'error');
      throw error;
    }
  };
}
