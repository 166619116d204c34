import type { RoomAudience } from '@parley/contracts';
import type { Pool } from 'pg';
import { initialConversationState, storedState, type ConversationState } from '../policy';

/**
 * A room's policy state and the stream sequence of the last event applied to it. Reads and
 * writes need no lock: all events of a room (and of its customer) run in one lane of one replica,
 * and every write is guarded by the sequence, so a late writer cannot go back in time.
 */
export interface RoomRecord {
  state: ConversationState;
  lastSeq: number;
}

/** The room's record; the initial state for a room not seen yet. */
export async function loadRoomState(db: Pool, roomId: string): Promise<RoomRecord> {
  const { rows } = await db.query<{ state: ConversationState; last_seq: string }>(
    'SELECT state, last_seq FROM room_policy WHERE room_id = $1',
    [roomId],
  );
  const row = rows[0];
  return row
    ? { state: storedState(row.state), lastSeq: Number(row.last_seq) }
    : { state: initialConversationState, lastSeq: 0 };
}

/** Saves the state as of event `seq`, unless the room has already applied it (a redelivery). */
export async function saveRoomState(
  db: Pool,
  roomId: string,
  audience: RoomAudience,
  state: ConversationState,
  seq: number,
): Promise<void> {
  await db.query(
    `INSERT INTO room_policy (room_id, account_id, domain_id, customer_id, state, last_seq)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (room_id) DO UPDATE
       SET customer_id = EXCLUDED.customer_id, state = EXCLUDED.state, last_seq = EXCLUDED.last_seq
       WHERE room_policy.last_seq < EXCLUDED.last_seq`,
    [roomId, audience.accountId, audience.domainId, audience.customerId, JSON.stringify(state), seq],
  );
}

/** The customer's rooms that have not applied event `seq` yet (the customer's facts apply to each). */
export async function roomsOfCustomer(
  db: Pool,
  customerId: string,
  seq: number,
): Promise<{ roomId: string; state: ConversationState }[]> {
  const { rows } = await db.query<{ room_id: string; state: ConversationState }>(
    'SELECT room_id, state FROM room_policy WHERE customer_id = $1 AND last_seq < $2',
    [customerId, seq],
  );
  return rows.map((r) => ({ roomId: r.room_id, state: storedState(r.state) }));
}

export async function updateRoomState(
  db: Pool,
  roomId: string,
  state: ConversationState,
  seq: number,
): Promise<void> {
  await db.query('UPDATE room_policy SET state = $2, last_seq = $3 WHERE room_id = $1 AND last_seq < $3', [
    roomId,
    JSON.stringify(state),
    seq,
  ]);
}
