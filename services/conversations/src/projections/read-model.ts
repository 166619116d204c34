import {
  appointmentBookedSchema,
  ConversationsEvent as E,
  type AppointmentBooked,
  liveModeChangedSchema,
  messagePostedSchema,
  roomMailedSchema,
  roomOpenedSchema,
  roomReassignedSchema,
  roomSeenSchema,
  roomSharedSchema,
} from '@parley/contracts';
import type { RecordedEvent } from '@parley/eventstore';
import type { Projection } from '@parley/projections';
import type { PoolClient } from 'pg';
import type { CustomerEvent } from '../domain/customer/events';
import { CustomerEventType } from '../domain/customer/events';
import { slotMinutes } from '../domain/shared/slots';

/** Inserts only for a domain still known: a deleted domain's late events must not bring rows back. */
const DOMAIN_KNOWN = 'EXISTS (SELECT 1 FROM domains WHERE domain_id = $1)';

/**
 * The team's and the visitor's read models from the CONVERSATIONS stream: customers and their
 * answers, rooms (the list row), messages with their seen flag, and bookings.
 */
export const readModelProjection: Projection = {
  name: 'conversations-read-v1',
  context: 'conversations',
  // Every effect is a statement in the transaction; under load a transaction's round trips
  // (begin and claim, commit) are shared by the messages that arrived while the last one ran.
  maxEventsPerTransaction: 64,
  apply: applyEvent,
  // A run of messages (the bulk of a busy group) goes in one statement; anything else in order.
  async applyMany(tx, events) {
    let run: MessageRow[] = [];
    for (const recorded of events) {
      if (recorded.type === E.MessagePosted) {
        run.push(postedRow(recorded));
        continue;
      }
      await insertMessages(tx, run);
      run = [];
      await applyEvent(tx, recorded);
    }
    await insertMessages(tx, run);
  },
};

async function applyEvent(tx: PoolClient, recorded: RecordedEvent): Promise<void> {
  await applyRoomEvent(tx, recorded);
  await applyCustomerEvent(tx, recorded);
  if (recorded.type === E.AppointmentBooked)
    await applyBooking(tx, appointmentBookedSchema.parse(recorded.data));
}

/** A message row as both message statements take it: the event's fields and its stream position. */
interface MessageRow {
  domain_id: string;
  message_id: string;
  room_id: string;
  position: number;
  client_id: string | null;
  role: string;
  author: string;
  content: string;
  team_member_id: string | null;
  team_member_name: string | null;
  is_note: boolean;
  note_type: string | null;
  link: string | null;
  product_ids: string[];
  checkout_product_id: string | null;
  decision: unknown;
  offline: boolean;
  posted_at: string;
  shared_with: string[];
}

function postedRow(recorded: RecordedEvent): MessageRow {
  const e = messagePostedSchema.parse(recorded.data);
  return {
    domain_id: e.audience.domainId,
    message_id: e.messageId,
    room_id: e.roomId,
    position: recorded.sequence,
    client_id: e.clientId ?? null,
    role: e.role,
    author: e.author,
    content: e.content,
    team_member_id: e.teamMemberId ?? null,
    team_member_name: e.teamMemberName ?? null,
    is_note: e.isNote,
    note_type: e.noteType ?? null,
    link: e.link ?? null,
    product_ids: e.productIds,
    checkout_product_id: e.checkoutProductId ?? null,
    decision: e.decision ?? null,
    offline: e.offline === true,
    posted_at: e.postedAt,
    shared_with: e.audience.sharedWith,
  };
}

/**
 * Messages in one statement, with what one by one would have done to their rooms: the last new
 * message (by position) is the room's latest and sets its time and audience, each new message
 * counts once, and unread follows the last new non-note message by the visitor (true) or the
 * team (false). Redeliveries (a message already there) change nothing; a room not in the read
 * model (its domain is gone) gets nothing.
 */
async function insertMessages(tx: PoolClient, run: MessageRow[]): Promise<void> {
  // A message id once (as one by one: the second would find the first and change nothing).
  const seen = new Set<string>();
  const rows = run.filter((m) => !seen.has(m.message_id) && seen.add(m.message_id));
  if (rows.length === 0) return;
  if (rows.length === 1) return insertMessage(tx, rows[0]!);
  await tx.query({
    name: 'conversations-read-messages-posted',
    text: `WITH input AS (
             SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(
               domain_id text, message_id text, room_id text, position bigint, client_id text, role text,
               author text, content text, team_member_id text, team_member_name text, is_note boolean,
               note_type text, link text, product_ids text[], checkout_product_id text, decision jsonb,
               offline boolean, posted_at timestamptz,
               shared_with text[])
           ),
           inserted AS (
             INSERT INTO messages (message_id, room_id, domain_id, position, client_id, role, author, content,
                                   team_member_id, team_member_name, is_note, note_type, link, product_ids,
                                   checkout_product_id, decision, offline, posted_at)
             SELECT message_id, room_id, domain_id, position, client_id, role, author, content,
                    team_member_id, team_member_name, is_note, note_type, link, product_ids,
                    checkout_product_id, decision, offline, posted_at
               FROM input i
              WHERE EXISTS (SELECT 1 FROM rooms r WHERE r.room_id = i.room_id)
             ON CONFLICT (message_id) DO NOTHING
             RETURNING message_id
           ),
           fresh AS (SELECT i.* FROM input i JOIN inserted USING (message_id)),
           -- Who wrote each room's last message that sets unread, found once per room: a subquery
           -- per message scanned the whole group again for every message (quadratic).
           unread AS (
             SELECT DISTINCT ON (room_id) room_id, author AS unread_by
               FROM fresh
              WHERE NOT is_note AND author IN ('visitor', 'team')
              ORDER BY room_id, position DESC
           ),
           per_room AS (
             SELECT DISTINCT ON (f.room_id) f.room_id, f.message_id, f.position, f.posted_at, f.shared_with,
                    count(*) OVER (PARTITION BY f.room_id) AS n
               FROM fresh f
              ORDER BY f.room_id, f.position DESC
           )
           UPDATE rooms r
              SET last_message_id = p.message_id, last_position = p.position, updated_at = p.posted_at,
                  unread = CASE u.unread_by WHEN 'visitor' THEN true WHEN 'team' THEN false ELSE r.unread END,
                  message_count = r.message_count + p.n, shared_with = p.shared_with
             FROM per_room p LEFT JOIN unread u ON u.room_id = p.room_id
            WHERE r.room_id = p.room_id`,
    values: [JSON.stringify(rows)],
  });
}

async function applyRoomEvent(tx: PoolClient, recorded: RecordedEvent): Promise<void> {
  switch (recorded.type) {
    case E.RoomOpened: {
      const e = roomOpenedSchema.parse(recorded.data);
      const a = e.audience;
      await tx.query(
        `INSERT INTO rooms (room_id, account_id, domain_id, customer_id, shared_with, created_at, updated_at)
         SELECT $2, $3, $1, $4, $5, $6, $6 WHERE ${DOMAIN_KNOWN}
         ON CONFLICT (room_id) DO NOTHING`,
        [a.domainId, e.roomId, a.accountId, a.customerId, a.sharedWith, e.openedAt],
      );
      return;
    }
    case E.MessagePosted:
      await insertMessage(tx, postedRow(recorded));
      return;
    case E.LiveModeChanged: {
      const e = liveModeChangedSchema.parse(recorded.data);
      await tx.query('UPDATE rooms SET live = $2 WHERE room_id = $1', [e.roomId, e.live]);
      return;
    }
    case E.RoomSeen: {
      const e = roomSeenSchema.parse(recorded.data);
      const upTo = await tx.query<{ position: string }>(
        'SELECT position FROM messages WHERE message_id = $1 AND room_id = $2',
        [e.upToMessageId, e.roomId],
      );
      const position = upTo.rows[0]?.position;
      if (position === undefined) return;
      const authors = e.by === 'team' ? ['visitor'] : ['team', 'bot', 'system'];
      await tx.query(
        `UPDATE messages SET seen = true
          WHERE room_id = $1 AND position <= $2 AND author = ANY($3) AND NOT seen`,
        [e.roomId, position, authors],
      );
      if (e.by === 'team') {
        // Seen up to the customer's latest message: read, whatever the bot said after it.
        await tx.query(
          `UPDATE rooms SET unread = false
            WHERE room_id = $1
              AND NOT EXISTS (SELECT 1 FROM messages
                               WHERE room_id = $1 AND author = 'visitor' AND position > $2)`,
          [e.roomId, position],
        );
      }
      return;
    }
    case E.RoomShared:
    case E.RoomUnshared: {
      const e = roomSharedSchema.parse(recorded.data);
      await tx.query('UPDATE rooms SET shared_with = $2 WHERE room_id = $1', [
        e.roomId,
        e.audience.sharedWith,
      ]);
      return;
    }
    case E.RoomMailed: {
      const e = roomMailedSchema.parse(recorded.data);
      await tx.query('UPDATE rooms SET mailed = true WHERE room_id = $1', [e.roomId]);
      return;
    }
    case E.RoomReassigned: {
      const e = roomReassignedSchema.parse(recorded.data);
      await tx.query('UPDATE rooms SET customer_id = $2 WHERE room_id = $1', [
        e.roomId,
        e.audience.customerId,
      ]);
      return;
    }
  }
}

/** One message and, only when it was new (not a redelivery), its room's row: one statement. */
async function insertMessage(tx: PoolClient, m: MessageRow): Promise<void> {
  // Named, so each connection parses and plans it once, not for every message.
  await tx.query({
    name: 'conversations-read-message-posted',
    text: `WITH inserted AS (
             INSERT INTO messages (message_id, room_id, domain_id, position, client_id, role, author, content,
                                   team_member_id, team_member_name, is_note, note_type, link, product_ids,
                                   decision, posted_at, checkout_product_id, offline)
             SELECT $2, $3, $1, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $18, $19
              WHERE EXISTS (SELECT 1 FROM rooms WHERE room_id = $3)
             ON CONFLICT (message_id) DO NOTHING
             RETURNING room_id
           )
           UPDATE rooms SET last_message_id = $2, last_position = $4, updated_at = $16,
                            unread = CASE WHEN $11 THEN unread WHEN $7 = 'visitor' THEN true WHEN $7 = 'team' THEN false ELSE unread END,
                            message_count = message_count + 1, shared_with = $17
            WHERE room_id = $3 AND EXISTS (SELECT 1 FROM inserted)`,
    values: [
      m.domain_id,
      m.message_id,
      m.room_id,
      m.position,
      m.client_id,
      m.role,
      m.author,
      m.content,
      m.team_member_id,
      m.team_member_name,
      m.is_note,
      m.note_type,
      m.link,
      m.product_ids,
      m.decision === null ? null : JSON.stringify(m.decision),
      m.posted_at,
      m.shared_with,
      m.checkout_product_id,
      m.offline,
    ],
  });
}

async function applyCustomerEvent(tx: PoolClient, recorded: RecordedEvent): Promise<void> {
  const event = { type: recorded.type, data: recorded.data } as CustomerEvent;
  switch (event.type) {
    case CustomerEventType.Registered: {
      const d = event.data;
      await tx.query(
        `INSERT INTO customers (customer_id, account_id, domain_id, created_at)
         SELECT $2, $3, $1, $4 WHERE ${DOMAIN_KNOWN}
         ON CONFLICT (customer_id) DO NOTHING`,
        [d.domainId, d.customerId, d.accountId, d.registeredAt],
      );
      return;
    }
    case CustomerEventType.EmailSet:
      await tx.query('UPDATE customers SET email = $2 WHERE customer_id = $1', [
        event.data.customerId,
        event.data.email,
      ]);
      return;
    case CustomerEventType.AnswersSaved:
      for (const a of event.data.answers) {
        await tx.query(
          `INSERT INTO customer_answers (customer_id, question_id, domain_id, question, answer, answered_at)
           SELECT $2, $3, $1, $4, $5, $6 WHERE ${DOMAIN_KNOWN}
           ON CONFLICT (customer_id, question_id)
           DO UPDATE SET question = EXCLUDED.question, answer = EXCLUDED.answer, answered_at = EXCLUDED.answered_at`,
          [event.data.domainId, event.data.customerId, a.questionId, a.question, a.answer, a.answeredAt],
        );
      }
      return;
    case CustomerEventType.MergedInto:
      await tx.query('UPDATE customers SET merged_into = $2 WHERE customer_id = $1', [
        event.data.customerId,
        event.data.intoCustomerId,
      ]);
      // The bookings the visitor made as the anonymous customer go with them (answers are
      // copied onto the other customer's aggregate by the merge itself).
      await tx.query('UPDATE bookings SET customer_id = $2 WHERE customer_id = $1', [
        event.data.customerId,
        event.data.intoCustomerId,
      ]);
      return;
    default:
      return;
  }
}

async function applyBooking(tx: PoolClient, d: AppointmentBooked): Promise<void> {
  await tx.query(
    `INSERT INTO bookings (booking_id, account_id, domain_id, customer_id, appointment_type_id, appointment_name,
                           date, slot, slot_minutes, email, name, created_at, room_id)
     SELECT $2, $3, $1, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13 WHERE ${DOMAIN_KNOWN}
     ON CONFLICT DO NOTHING`,
    [
      d.domainId,
      d.bookingId,
      d.accountId,
      d.customerId,
      d.appointmentTypeId || null,
      d.appointmentName,
      d.date,
      d.slot,
      slotMinutes(d.slot),
      d.email,
      d.name,
      d.bookedAt,
      d.roomId ?? null,
    ],
  );
}
