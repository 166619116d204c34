import type { ConversationFilter, MessageRole, NoteType } from '@parley/contracts';
import type { Pool } from 'pg';
import type { MessageView, RoomView } from '../app/views';
import type { RoomScope } from '../domain/shared/access';

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

interface MessageRow {
  message_id: string;
  role: MessageRole;
  author: string;
  content: string;
  posted_at: Date;
  team_member_id: string | null;
  team_member_name: string | null;
  is_note: boolean;
  note_type: NoteType | null;
  link: string | null;
  product_ids: string[];
  seen: boolean;
  client_id: string | null;
  /** Selected by team reads only. */
  decision?: Record<string, unknown> | null;
}

const MESSAGE_COLUMNS = `m.message_id, m.role, m.author, m.content, m.posted_at, m.team_member_id,
  m.team_member_name, m.is_note, m.note_type, m.link, m.product_ids, m.seen, m.client_id`;

function messageOf(row: MessageRow): MessageView {
  return {
    id: row.message_id,
    role: row.role,
    content: row.content,
    createdAt: row.posted_at.toISOString(),
    teamMemberId: row.team_member_id,
    teamMemberName: row.team_member_name,
    isNote: row.is_note,
    noteType: row.note_type,
    link: row.link,
    productIds: row.product_ids,
    seen: row.seen,
    clientId: row.client_id,
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
  created_at: Date;
  updated_at: Date;
  unread: boolean;
  message_count: number;
  last: MessageRow | null;
}

const ROOM_SELECT = `
  SELECT r.room_id, r.account_id, r.domain_id, d.domain, r.customer_id, c.email, r.live, r.mailed,
         r.shared_with, r.created_at, r.updated_at, r.unread, r.message_count,
         (SELECT row_to_json(x) FROM (SELECT ${MESSAGE_COLUMNS} FROM messages m
            WHERE m.message_id = r.last_message_id) x) AS last
    FROM rooms r
    JOIN domains d ON d.domain_id = r.domain_id
    LEFT JOIN customers c ON c.customer_id = r.customer_id`;

export type RoomRecord = RoomView & RoomScope;

function roomOf(row: RoomRow): RoomRecord {
  const last = row.last ? { ...row.last, posted_at: new Date(row.last.posted_at) } : null;
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
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    lastMessage: last ? messageOf(last) : null,
    unread: row.unread,
    messageCount: row.message_count,
  };
}

export async function roomById(pool: Pool, roomId: string): Promise<RoomRecord | null> {
  const r = await pool.query<RoomRow>(`${ROOM_SELECT} WHERE r.room_id = $1`, [roomId]);
  return r.rows[0] ? roomOf(r.rows[0]) : null;
}

/**
 * The account's rooms, newest activity first. `agentId` limits them to the rooms shared with
 * that agent; `shared` means shared with anyone (for an agent every room it sees is).
 */
export async function roomsOfAccount(
  pool: Pool,
  query: { accountId: string; agentId: string | null; filter: ConversationFilter; domainId: string | null },
): Promise<RoomRecord[]> {
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
  const r = await pool.query<RoomRow>(
    `${ROOM_SELECT} WHERE ${where.join(' AND ')} ORDER BY r.updated_at DESC, r.last_position DESC LIMIT 1000`,
    params,
  );
  return r.rows.map(roomOf);
}

/** A room's messages, oldest first; the team's read also has the notes and the bot's decisions. */
export async function messagesOfRoom(
  pool: Pool,
  roomId: string,
  options: { includeBot: boolean; forTeam: boolean },
): Promise<MessageView[]> {
  const r = await pool.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS}${options.forTeam ? ', m.decision' : ''} FROM messages m
      WHERE m.room_id = $1 ${options.includeBot ? '' : "AND m.author <> 'bot'"}
            ${options.forTeam ? '' : 'AND NOT m.is_note'}
      ORDER BY m.position`,
    [roomId],
  );
  return r.rows.map(messageOf);
}

export interface BookingView {
  id: string;
  customerId: string;
  domainId: string;
  appointmentTypeId: string;
  appointmentName: string;
  date: string;
  slot: string;
  email: string;
  name: string;
  createdAt: string;
}

interface BookingRow {
  booking_id: string;
  customer_id: string;
  domain_id: string;
  appointment_type_id: string | null;
  appointment_name: string;
  date: string;
  slot: string;
  email: string;
  name: string;
  created_at: Date;
}

const BOOKING_SELECT = `SELECT booking_id, customer_id, domain_id, appointment_type_id, appointment_name,
  to_char(date, 'YYYY-MM-DD') AS date, slot, email, name, created_at FROM bookings`;

const bookingOf = (row: BookingRow): BookingView => ({
  id: row.booking_id,
  customerId: row.customer_id,
  domainId: row.domain_id,
  appointmentTypeId: row.appointment_type_id ?? '',
  appointmentName: row.appointment_name,
  date: row.date,
  slot: row.slot,
  email: row.email,
  name: row.name,
  createdAt: row.created_at.toISOString(),
});

/** The account's bookings, newest slot first. */
export async function bookingsOfAccount(
  pool: Pool,
  accountId: string,
  domainId: string | null,
): Promise<BookingView[]> {
  const r = await pool.query<BookingRow>(
    `${BOOKING_SELECT} WHERE account_id = $1 AND ($2::text IS NULL OR domain_id = $2)
      ORDER BY date DESC, slot_minutes DESC LIMIT 1000`,
    [accountId, domainId],
  );
  return r.rows.map(bookingOf);
}

export async function bookingsOfCustomer(pool: Pool, customerId: string): Promise<BookingView[]> {
  const r = await pool.query<BookingRow>(
    `${BOOKING_SELECT} WHERE customer_id = $1 ORDER BY date DESC, slot_minutes DESC`,
    [customerId],
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
