import type {
  BookingPeriod,
  BookingSort,
  ConversationFilter,
  MessageRole,
  NoteType,
} from '@parley/contracts';
import type { Pool } from 'pg';
import type { MessageView, RoomView } from '../app/views';
import type { RoomScope } from '../domain/shared/access';
import { named } from './named-statement';

export interface DomainRow {
  domainId: string;
  accountId: string;
  domain: string;
}

export async function domainById(pool: Pool, domainId: string): Promise<DomainRow | null> {
  const r = await pool.query<{ domain_id: string; account_id: string; domain: string }>(
    'SELECT domain_id, account_id, domain FROM domains WHERE domain_id = $1',
    [domainId],
  );
  const row = r.rows[0];
  return row ? { domainId: row.domain_id, accountId: row.account_id, domain: row.domain } : null;
}

/**
 * A timestamp as the API shows it (ISO 8601 in UTC, whole milliseconds), made by PostgreSQL: the
 * same text \`Date#toISOString\` gave (both cut the microseconds off), without parsing a Date per
 * column and formatting it again, which was a tenth of conversations' CPU on the list (runs AD).
 */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface MessageRow {
  message_id: string;
  role: MessageRole;
  author: string;
  content: string;
  /** ISO 8601 (iso()). */
  posted_at: string;
  team_member_id: string | null;
  team_member_name: string | null;
  is_note: boolean;
  note_type: NoteType | null;
  link: string | null;
  product_ids: string[];
  checkout_product_id: string | null;
  seen: boolean;
  client_id: string | null;
  offline: boolean;
  /** Selected by team reads only. */
  decision?: Record<string, unknown> | null;
}

const MESSAGE_COLUMNS = `m.message_id, m.role, m.author, m.content, ${iso('m.posted_at')} AS posted_at, m.team_member_id,
  m.team_member_name, m.is_note, m.note_type, m.link, m.product_ids, m.checkout_product_id, m.seen,
  m.client_id, m.offline`;

function messageOf(row: MessageRow): MessageView {
  return {
    id: row.message_id,
    role: row.role,
    content: row.content,
    createdAt: row.posted_at,
    teamMemberId: row.team_member_id,
    teamMemberName: row.team_member_name,
    isNote: row.is_note,
    noteType: row.note_type,
    link: row.link,
    productIds: row.product_ids,
    checkoutProductId: row.checkout_product_id,
    seen: row.seen,
    clientId: row.client_id,
    ...(row.offline ? { offline: true } : {}),
    ...(row.decision !== undefined ? { decision: row.decision } : {}),
  };
}

interface RoomRow {
  room_id: string;
  account_id: string;
  domain_id: string;
  domain: string;
  customer_id: string;
  email: string | null;
  live: boolean;
  mailed: boolean;
  shared_with: string[];
  /** ISO 8601 (iso()), as the two below. */
  created_at: string;
  updated_at: string;
  unread: boolean;
  message_count: number;
  last: MessageRow | null;
}

const ROOM_COLUMNS = `r.room_id, r.account_id, r.domain_id, d.domain, r.customer_id, c.email, r.live,
         r.mailed, r.shared_with, ${iso('r.created_at')} AS created_at, ${iso('r.updated_at')} AS updated_at,
         r.unread, r.message_count,
         (SELECT row_to_json(x) FROM (SELECT ${MESSAGE_COLUMNS} FROM messages m
            WHERE m.message_id = r.last_message_id) x) AS last`;
const ROOM_FROM = `
    FROM rooms r
    JOIN domains d ON d.domain_id = r.domain_id
    LEFT JOIN customers c ON c.customer_id = r.customer_id`;
const ROOM_SELECT = `SELECT ${ROOM_COLUMNS} ${ROOM_FROM}`;

export type RoomRecord = RoomView & RoomScope;

function roomOf(row: RoomRow): RoomRecord {
  return {
    id: row.room_id,
    accountId: row.account_id,
    domainId: row.domain_id,
    domain: row.domain,
    customerId: row.customer_id,
    customerEmail: row.email,
    live: row.live,
    mailed: row.mailed,
    sharedWith: row.shared_with,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastMessage: row.last ? messageOf(row.last) : null,
    unread: row.unread,
    messageCount: row.message_count,
  };
}

export async function roomById(pool: Pool, roomId: string): Promise<RoomRecord | null> {
  const r = await pool.query<RoomRow>(named(`${ROOM_SELECT} WHERE r.room_id = $1`, [roomId]));
  return r.rows[0] ? roomOf(r.rows[0]) : null;
}

/**
 * Where a room stands in the list's order (updated_at, last_position, room_id, all descending):
 * the time in whole microseconds since the epoch, as PostgreSQL keeps it, and the position as
 * decimal text, so neither loses digits on the way through JavaScript.
 */
export interface RoomPosition {
  updatedMicros: string;
  lastPosition: string;
  roomId: string;
}

/**
 * One page of the account's rooms, newest activity first, after `after` (null: from the top).
 * `agentId` limits them to the rooms shared with that agent; `shared` means shared with anyone
 * (for an agent every room it sees is). The room id breaks ties, so the order is total and a page
 * boundary neither repeats nor skips a room; `next` is the last row's position when more follow.
 */
export async function roomsOfAccount(
  pool: Pool,
  query: {
    accountId: string;
    agentId: string | null;
    filter: ConversationFilter;
    domainId: string | null;
    limit: number;
    after: RoomPosition | null;
  },
): Promise<{ rooms: RoomRecord[]; next: RoomPosition | null }> {
  const where = ['r.account_id = $1'];
  const params: unknown[] = [query.accountId];
  if (query.agentId) {
    params.push(query.agentId);
    where.push(`$${params.length} = ANY(r.shared_with)`);
  }
  if (query.domainId) {
    params.push(query.domainId);
    where.push(`r.domain_id = $${params.length}`);
  }
  if (query.filter === 'unread') where.push('r.unread');
  if (query.filter === 'live') where.push('r.live');
  if (query.filter === 'shared') where.push('cardinality(r.shared_with) > 0');
  if (query.after) {
    params.push(query.after.updatedMicros, query.after.lastPosition, query.after.roomId);
    const n = params.length;
    // A row comparison, so the index on (account_id, updated_at, last_position, room_id) seeks to it.
    where.push(
      `(r.updated_at, r.last_position, r.room_id) <
       (timestamptz 'epoch' + $${n - 2}::bigint * interval '1 microsecond', $${n - 1}::bigint, $${n}::text)`,
    );
  }
  // One row more than the page tells whether another page follows.
  params.push(query.limit + 1);
  const r = await pool.query<RoomRow & { updated_micros: string; last_position: string }>(
    named(
      `SELECT ${ROOM_COLUMNS},
            (extract(epoch FROM r.updated_at) * 1000000)::bigint::text AS updated_micros,
            r.last_position::text AS last_position
      ${ROOM_FROM}
      WHERE ${where.join(' AND ')}
      ORDER BY r.updated_at DESC, r.last_position DESC, r.room_id DESC
      LIMIT $${params.length}`,
      params,
    ),
  );
  const rows = r.rows.slice(0, query.limit);
  const last = rows.at(-1);
  const next =
    r.rows.length > query.limit && last
      ? { updatedMicros: last.updated_micros, lastPosition: last.last_position, roomId: last.room_id }
      : null;
  return { rooms: rows.map(roomOf), next };
}

/**
 * The account's list revision (migration 007): the last transaction that wrote a row its list
 * reads, as decimal text; null before the first such write, or after a TRUNCATE.
 */
export async function accountRevision(pool: Pool, accountId: string): Promise<string | null> {
  const r = await pool.query<{ revision: string }>(
    named('SELECT revision::text AS revision FROM account_revisions WHERE account_id = $1', [accountId]),
  );
  return r.rows[0]?.revision ?? null;
}

/** A room's messages, oldest first; the team's read also has the notes and the bot's decisions. */
export async function messagesOfRoom(
  pool: Pool,
  roomId: string,
  options: { includeBot: boolean; forTeam: boolean },
): Promise<MessageView[]> {
  const r = await pool.query<MessageRow>(
    named(
      `SELECT ${MESSAGE_COLUMNS}${options.forTeam ? ', m.decision' : ''} FROM messages m
      WHERE m.room_id = $1 ${options.includeBot ? '' : "AND m.author <> 'bot'"}
            ${options.forTeam ? '' : 'AND NOT m.is_note'}
      ORDER BY m.position`,
      [roomId],
    ),
  );
  return r.rows.map(messageOf);
}

export interface BookingView {
  id: string;
  customerId: string;
  domainId: string;
  /** The domain's hostname. */
  domain: string;
  appointmentTypeId: string;
  appointmentName: string;
  date: string;
  slot: string;
  email: string;
  name: string;
  createdAt: string;
  /** The booking visitor's conversation, once that room exists (team reads: one the caller may open). */
  roomId: string | null;
}

interface BookingRow {
  booking_id: string;
  customer_id: string;
  domain_id: string;
  domain: string;
  appointment_type_id: string | null;
  appointment_name: string;
  date: string;
  slot: string;
  email: string;
  name: string;
  created_at: Date;
  /** The room's id when the room is in the read model (it exists). */
  room_id: string | null;
}

/**
 * Bookings with their domain's hostname and their conversation when that room exists. `$agent`
 * (null for the account's managers) keeps only the bookings whose room is shared with that agent:
 * a booking is seen by whoever may see its conversation, and one without a conversation by the
 * managers alone.
 */
const BOOKING_FROM = `FROM bookings b
  JOIN domains d ON d.domain_id = b.domain_id
  LEFT JOIN rooms r ON r.room_id = b.room_id AND r.account_id = b.account_id`;
const BOOKING_COLUMNS = `b.booking_id, b.customer_id, b.domain_id, d.domain, b.appointment_type_id,
  b.appointment_name, to_char(b.date, 'YYYY-MM-DD') AS date, b.slot, b.email, b.name, b.created_at,
  r.room_id`;
const agentMay = (param: string) => `(${param}::text IS NULL OR ${param} = ANY(r.shared_with))`;

const bookingOf = (row: BookingRow): BookingView => ({
  id: row.booking_id,
  customerId: row.customer_id,
  domainId: row.domain_id,
  domain: row.domain,
  appointmentTypeId: row.appointment_type_id ?? '',
  appointmentName: row.appointment_name,
  date: row.date,
  slot: row.slot,
  email: row.email,
  name: row.name,
  createdAt: row.created_at.toISOString(),
  roomId: row.room_id,
});

const BOOKING_ORDER: Record<BookingSort, string> = {
  date_desc: 'b.date DESC, b.slot_minutes DESC, b.created_at DESC, b.booking_id',
  date_asc: 'b.date ASC, b.slot_minutes ASC, b.created_at ASC, b.booking_id',
  booked_desc: 'b.created_at DESC, b.booking_id',
};

export interface BookingsQuery {
  accountId: string;
  /** An AGENT's user id: only bookings whose conversation is shared with them; null for managers. */
  agentId: string | null;
  domainId: string | null;
  sort: BookingSort;
  period: BookingPeriod;
  /** YYYY-MM-DD: where upcoming starts and past ends. */
  today: string;
  page: number;
  pageSize: number;
}

/** One page of the account's bookings, and how many the query matches in all. */
export async function bookingsOfAccount(
  pool: Pool,
  q: BookingsQuery,
): Promise<{ bookings: BookingView[]; total: number }> {
  const where = `b.account_id = $1 AND ($2::text IS NULL OR b.domain_id = $2) AND ${agentMay('$3')}
    AND ($4::text = 'all' OR ($4 = 'upcoming' AND b.date >= $5::date) OR ($4 = 'past' AND b.date < $5::date))`;
  const params = [q.accountId, q.domainId, q.agentId, q.period, q.today];
  const [page, count] = await Promise.all([
    pool.query<BookingRow>(
      `SELECT ${BOOKING_COLUMNS} ${BOOKING_FROM} WHERE ${where}
        ORDER BY ${BOOKING_ORDER[q.sort]} LIMIT $6 OFFSET $7`,
      [...params, q.pageSize, (q.page - 1) * q.pageSize],
    ),
    pool.query<{ total: number }>(`SELECT count(*)::int AS total ${BOOKING_FROM} WHERE ${where}`, params),
  ]);
  return { bookings: page.rows.map(bookingOf), total: count.rows[0]?.total ?? 0 };
}

/** A customer's bookings, latest slot first; `agentId` as for bookingsOfAccount. */
export async function bookingsOfCustomer(
  pool: Pool,
  customerId: string,
  agentId: string | null,
): Promise<BookingView[]> {
  const r = await pool.query<BookingRow>(
    `SELECT ${BOOKING_COLUMNS} ${BOOKING_FROM} WHERE b.customer_id = $1 AND ${agentMay('$2')}
      ORDER BY ${BOOKING_ORDER.date_desc}`,
    [customerId, agentId],
  );
  return r.rows.map(bookingOf);
}

export async function takenSlots(pool: Pool, domainId: string, date: string): Promise<string[]> {
  const r = await pool.query<{ slot: string }>(
    'SELECT slot FROM bookings WHERE domain_id = $1 AND date = $2 ORDER BY slot_minutes',
    [domainId, date],
  );
  return r.rows.map((row) => row.slot);
}

/** Rooms of an account shared with a member (the reactor unshares them when the member goes). */
export async function roomsSharedWith(pool: Pool, accountId: string, memberId: string): Promise<string[]> {
  const r = await pool.query<{ room_id: string }>(
    'SELECT room_id FROM rooms WHERE account_id = $1 AND $2 = ANY(shared_with)',
    [accountId, memberId],
  );
  return r.rows.map((row) => row.room_id);
}
