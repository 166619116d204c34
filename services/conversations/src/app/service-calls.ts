import { randomUUID } from 'node:crypto';
import type { Actor } from '../domain/shared/access';
import { checkedText } from '../domain/shared/text';
import type { ConversationsDeps } from './deps';
import { roomView, runOnRoom } from './rooms';
import {
  checkoutProductId as validCheckout,
  clientId as validClientId,
  decisionDocument,
  optionalText,
  productIds as validProductIds,
} from './validate';
import { postedMessage } from './visitor-chat';
import type { MessageView, RoomView } from './views';

/** The assistant calls without a caller; the gateway never exposes these. */
const service: Actor = { kind: 'service' };
const meta = { actor: 'assistant' };

/** A bot reply: role assistant, author bot, its decision kept with it. */
export async function postBotMessage(
  deps: ConversationsDeps,
  input: {
    roomId: string;
    content: string;
    link: string;
    productIds: string[];
    clientId: string;
    decisionJson: string;
    /** A purchase reply: one of productIds; empty for none. */
    checkoutProductId?: string;
  },
): Promise<{ room: RoomView; message: MessageView }> {
  const content = checkedText(input.content ?? '');
  const link = optionalText(input.link, 'link', 'Link', 2000);
  const clientId = validClientId(input.clientId);
  const decision = decisionDocument(input.decisionJson);
  const productIds = validProductIds(input.productIds);
  const checkout = validCheckout(input.checkoutProductId, productIds);
  const outcome = await runOnRoom(
    deps,
    input.roomId,
    {
      type: 'PostMessage',
      actor: service,
      message: {
        messageId: randomUUID(),
        ...(clientId ? { clientId } : {}),
        role: 'assistant',
        author: 'bot',
        content,
        isNote: false,
        ...(link ? { link } : {}),
        productIds,
        ...(checkout ? { checkoutProductId: checkout } : {}),
        ...(decision ? { decision } : {}),
      },
      now: deps.clock(),
    },
    meta,
  );
  return {
    room: await roomView(deps, outcome.state),
    message: postedMessage(outcome.state, 'bot', clientId),
  };
}

/** Hands the room to the team: live on, changed by 'assistant', with the reason. */
export async function requestHandoff(
  deps: ConversationsDeps,
  input: { roomId: string; reason: string },
): Promise<RoomView> {
  const reason = optionalText(input.reason, 'reason', 'Reason', 500);
  const outcome = await runOnRoom(
    deps,
    input.roomId,
    {
      type: 'SetLiveMode',
      actor: service,
      live: true,
      changedBy: 'assistant',
      ...(reason ? { reason } : {}),
      systemMessageId: randomUUID(),
      now: deps.clock(),
    },
    meta,
  );
  return roomView(deps, outcome.state);
}

/** Records that the owner was mailed about the room; false when it already was. */
export async function markRoomMailed(deps: ConversationsDeps, roomId: string): Promise<boolean> {
  const outcome = await runOnRoom(deps, roomId, { type: 'MarkMailed', now: deps.clock() }, meta);
  return outcome.events.length > 0;
}
