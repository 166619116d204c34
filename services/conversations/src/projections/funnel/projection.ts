import {
  appointmentBookedSchema,
  BillingEvent,
  ConversationsEvent,
  liveModeChangedSchema,
  messagePostedSchema,
  orderPaidSchema,
  roomOpenedSchema,
} from '@parley/contracts';
import { parseEventData, type RecordedEvent } from '@parley/eventstore';
import type { Projection } from '@parley/projections';
import type { PoolClient } from 'pg';
import { z } from 'zod';

/** CustomerRegistered and CustomerEmailSet: the customer's facts are all the funnel reads of them. */
const customerFactsSchema = z.looseObject({ customerId: z.string(), domainId: z.string() });
const registeredSchema = customerFactsSchema.extend({ registeredAt: z.string() });
const emailSetSchema = customerFactsSchema.extend({ setAt: z.string() });

/** The UTC day of an event's own time, in SQL ($3): buckets follow when it happened, not when it was read. */
const DAY = `(($3)::timestamptz AT TIME ZONE 'UTC')::date`;

/** The tables that count a thing once, each keyed by that thing's id. */
const COUNTED = {
  funnel_visitors: 'customer_id',
  funnel_emails: 'customer_id',
  funnel_rooms: 'room_id',
  funnel_bookings: 'booking_id',
} as const;

/** Counts a thing once, on the day it happened; a redelivered or repeated event changes nothing. */
function countOnce(tx: PoolClient, table: keyof typeof COUNTED, id: string, domainId: string, at: string) {
  return tx.query(
    `INSERT INTO ${table} (${COUNTED[table]}, domain_id, day)
     VALUES ($1, $2, ${DAY}) ON CONFLICT (${COUNTED[table]}) DO NOTHING`,
    [id, domainId, at],
  );
}

async function applyConversations(tx: PoolClient, event: RecordedEvent): Promise<void> {
  switch (event.type) {
    case ConversationsEvent.CustomerRegistered: {
      const e = parseEventData(registeredSchema, event);
      await countOnce(tx, 'funnel_visitors', e.customerId, e.domainId, e.registeredAt);
      return;
    }
    case ConversationsEvent.CustomerEmailSet: {
      // The first address a customer gave counts; a later change is the same captured contact.
      const e = parseEventData(emailSetSchema, event);
      await countOnce(tx, 'funnel_emails', e.customerId, e.domainId, e.setAt);
      return;
    }
    case ConversationsEvent.RoomOpened: {
      const e = parseEventData(roomOpenedSchema, event);
      await countOnce(tx, 'funnel_rooms', e.roomId, e.audience.domainId, e.openedAt);
      return;
    }
    case ConversationsEvent.MessagePosted: {
      const e = parseEventData(messagePostedSchema, event);
      if (e.author !== 'bot' || e.isNote) return;
      await tx.query('UPDATE funnel_rooms SET bot_answered = true WHERE room_id = $1 AND NOT bot_answered', [
        e.roomId,
      ]);
      return;
    }
    case ConversationsEvent.LiveModeChanged: {
      const e = parseEventData(liveModeChangedSchema, event);
      // Once a person took the room over it counts as handed off, even if it went back to the bot.
      if (!e.live) return;
      await tx.query('UPDATE funnel_rooms SET handed_off = true WHERE room_id = $1 AND NOT handed_off', [
        e.roomId,
      ]);
      return;
    }
    case ConversationsEvent.AppointmentBooked: {
      const e = parseEventData(appointmentBookedSchema, event);
      await countOnce(tx, 'funnel_bookings', e.bookingId, e.domainId, e.bookedAt);
      return;
    }
  }
}

/**
 * The funnel's rows from conversations' events: visitors (CustomerRegistered), conversations
 * (RoomOpened, with whether the assistant answered and whether a person took over), captured
 * emails (a customer's first CustomerEmailSet) and bookings (AppointmentBooked). Every statement
 * is keyed or monotonic, so a redelivery or a replay changes nothing.
 */
export const funnelProjection: Projection = {
  name: 'conversations-funnel-v1',
  context: 'conversations',
  // Most of the stream is visitors' messages, which change nothing here: one transaction (begin
  // and claim, commit) per event was three PostgreSQL round trips each for nothing. Every effect
  // is a statement in the transaction, so the events that arrive while one runs share the next.
  maxEventsPerTransaction: 64,
  apply: applyConversations,
};

/** Paid orders and their revenue, from billing.OrderPaid. */
export const funnelOrdersProjection: Projection = {
  name: 'conversations-funnel-orders-v1',
  context: 'billing',
  maxEventsPerTransaction: 64,
  async apply(tx, event) {
    if (event.type !== BillingEvent.OrderPaid) return;
    const e = parseEventData(orderPaidSchema, event);
    await tx.query(
      `INSERT INTO funnel_orders (order_id, domain_id, day, amount_cents, currency)
       VALUES ($1, $2, ${DAY}, $4, $5) ON CONFLICT (order_id) DO NOTHING`,
      [e.orderId, e.domainId, e.paidAt, e.amountCents, e.currency],
    );
  },
};
