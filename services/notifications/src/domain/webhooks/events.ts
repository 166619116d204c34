import { BillingEvent, ConversationsEvent } from '@parley/contracts';
import type { WebhookEventType } from '@parley/contracts/validation';

/** What a recorded event of another context becomes for the account's webhook endpoints. */
export interface WebhookEvent {
  accountId: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
}

interface Recorded {
  type: string;
  data: unknown;
}

type Data = Record<string, unknown> & { audience?: { accountId?: unknown; domainId?: unknown } };
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * conversations' and billing's events as webhook events; null for any other event. Only the
 * facts an integration needs travel: no internal decision records, no key ids.
 */
export function webhookEventOf(recorded: Recorded): WebhookEvent | null {
  const d = (recorded.data ?? {}) as Data;
  const roomAccount = str(d.audience?.accountId);
  const room = {
    roomId: str(d.roomId),
    domainId: str(d.audience?.domainId),
    customerId: str((d.audience as Data | undefined)?.customerId),
  };
  switch (recorded.type) {
    case ConversationsEvent.RoomOpened:
      return roomAccount
        ? {
            accountId: roomAccount,
            type: 'conversation.started',
            data: { ...room, startedAt: str(d.openedAt) },
          }
        : null;
    case ConversationsEvent.MessagePosted:
      if (!roomAccount || d.isNote === true) return null;
      return {
        accountId: roomAccount,
        type: 'message.created',
        data: {
          ...room,
          messageId: str(d.messageId),
          author: str(d.author),
          content: str(d.content),
          teamMemberName: str(d.teamMemberName) || null,
          createdAt: str(d.postedAt),
        },
      };
    case ConversationsEvent.LiveModeChanged:
      // The assistant handing the chat to the team; a member taking it over is not a request.
      if (!roomAccount || d.live !== true || d.changedBy !== 'assistant') return null;
      return {
        accountId: roomAccount,
        type: 'handoff.requested',
        data: { ...room, reason: str(d.reason) || null, requestedAt: str(d.changedAt) },
      };
    case ConversationsEvent.AppointmentBooked:
      return {
        accountId: str(d.accountId),
        type: 'booking.made',
        data: {
          bookingId: str(d.bookingId),
          domainId: str(d.domainId),
          customerId: str(d.customerId),
          roomId: str(d.roomId) || null,
          appointmentName: str(d.appointmentName),
          date: str(d.date),
          slot: str(d.slot),
          email: str(d.email),
          name: str(d.name),
          bookedAt: str(d.bookedAt),
        },
      };
    case ConversationsEvent.CustomerEmailSet:
      return {
        accountId: str(d.accountId),
        type: 'contact.captured',
        data: {
          customerId: str(d.customerId),
          domainId: str(d.domainId),
          email: str(d.email),
          capturedAt: str(d.setAt),
        },
      };
    case BillingEvent.OrderPaid:
      return {
        accountId: str(d.accountId),
        type: 'order.paid',
        data: {
          orderId: str(d.orderId),
          domainId: str(d.domainId),
          customerId: str(d.customerId),
          roomId: str(d.roomId) || null,
          productId: str(d.productId),
          description: str(d.description),
          quantity: d.quantity,
          amountCents: d.amountCents,
          currency: str(d.currency),
          customerName: str(d.customerName),
          customerEmail: str(d.customerEmail),
          paidAt: str(d.paidAt),
        },
      };
    default:
      return null;
  }
}
