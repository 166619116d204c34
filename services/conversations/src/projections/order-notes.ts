import { randomUUID } from 'node:crypto';
import { AppError, BillingEvent, orderPaidSchema, type OrderPaidData } from '@parley/contracts';
import { executeCommand } from '@parley/eventstore';
import type { Projection } from '@parley/projections';
import { subjects } from '../app/aggregates';
import type { ConversationsDeps } from '../app/deps';
import { roomDecider } from '../domain/room/decide';
import { formatMinorUnits } from '@parley/contracts/payments';

/** The note's text: what was bought, for how much, by whom. */
export const orderNoteText = (o: OrderPaidData) =>
  `Order paid: ${o.description}, ${formatMinorUnits(o.amountCents, o.currency)}, by ${o.customerName} (${o.customerEmail}).`;

/**
 * A reactor on the BILLING stream: a visitor's paid order (billing.OrderPaid) becomes an internal
 * note in the conversation the visitor had when buying, so the owner sees it where they talk to
 * the customer (notes never reach the visitor). Once per order: the command id and the note's
 * client id are the order's. An order without a conversation, or whose room is gone, has no note
 * (the notification and the dashboard's Orders still show it).
 */
export function orderNotesReactor(deps: ConversationsDeps): Projection {
  return {
    name: 'conversations-order-notes-v1',
    context: 'billing',
    aggregate: 'account',
    async apply(_tx, recorded) {
      if (recorded.type !== BillingEvent.OrderPaid) return;
      const parsed = orderPaidSchema.safeParse(recorded.data);
      if (!parsed.success) throw new Error(`malformed ${recorded.type} ${recorded.eventId}`);
      const order = parsed.data;
      if (!order.roomId) return;
      try {
        await executeCommand(
          deps.store,
          subjects(deps.store).room(order.roomId),
          roomDecider,
          {
            type: 'PostMessage',
            actor: { kind: 'service' },
            message: {
              messageId: randomUUID(),
              clientId: `order-${order.orderId}`,
              role: 'assistant',
              author: 'system',
              content: orderNoteText(order),
              isNote: true,
              noteType: 'internal',
              productIds: [],
            },
            now: deps.clock(),
          },
          {
            commandId: `order-note-${order.orderId}`,
            meta: { causation: recorded.eventId, actor: 'billing' },
          },
        );
      } catch (e) {
        if (e instanceof AppError && e.kind === 'not_found') {
          deps.logger.warn(
            { orderId: order.orderId, roomId: order.roomId },
            'the room of a paid order is gone: no note',
          );
          return;
        }
        throw e;
      }
    },
  };
}
