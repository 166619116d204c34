import { BillingEvent, orderPaidSchema, notificationsError } from '@parley/contracts';
import { timeOf, type NewNotification, type SourceEvent } from './notification';
import { formatMinorUnits } from '@parley/contracts/payments';

/**
 * ORDER_PAID for the account's owner (an account's id is its owner's user id) when a visitor paid
 * in the widget; it opens the conversation the visitor had. A broken payload throws (parked).
 */
export function orderPaidNotification(event: SourceEvent & { type: string }): NewNotification | null {
  if (event.type !== BillingEvent.OrderPaid) return null;
  const parsed = orderPaidSchema.safeParse(event.data);
  if (!parsed.success)
    throw notificationsError(
      'validation',
      `${event.type} ${event.eventId} does not match its contract`,
      'VALIDATION',
    );
  const o = parsed.data;
  return {
    sourceEventId: event.eventId,
    accountId: o.accountId,
    userId: o.accountId,
    type: 'ORDER_PAID',
    message: `New order: ${o.customerName} paid ${formatMinorUnits(o.amountCents, o.currency)} for ${o.description}.`,
    domainId: o.domainId,
    roomId: o.roomId,
    createdAt: timeOf(event, o.paidAt),
  };
}
