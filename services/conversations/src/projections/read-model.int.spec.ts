import { join } from 'node:path';
import { ConversationsEvent as E } from '@parley/contracts';
import { migrate } from '@parley/db';
import type { RecordedEvent } from '@parley/eventstore';
import { createTestDatabase, type TestDatabase } from '@parley/testing';
import { readModelProjection } from './read-model';

const MIGRATIONS_DIR = join(__dirname, '..', '..', 'migrations');
const DOMAIN = 'dom-1';
const audience = (customerId: string) => ({
  accountId: 'acc-1',
  domainId: DOMAIN,
  customerId,
  sharedWith: [],
});

let sequence = 0;
const recorded = (type: string, data: Record<string, unknown>): RecordedEvent => {
  sequence++;
  return {
    type,
    data,
    subject: `conversations.room.${String(data.roomId)}`,
    sequence,
    eventId: `cmd-${sequence}:0`,
    occurredAt: new Date(Date.UTC(2026, 10, 23, 10, 0, sequence)).toISOString(),
    meta: {},
  };
};
const opened = (roomId: string, customerId: string) =>
  recorded(E.RoomOpened, { roomId, audience: audience(customerId), openedAt: '2026-11-23T10:00:00.000Z' });
const posted = (
  roomId: string,
  messageId: string,
  author: 'visitor' | 'bot' | 'team' | 'system',
  extra: Record<string, unknown> = {},
) =>
  recorded(E.MessagePosted, {
    roomId,
    audience: { ...audience(`cust-${roomId}`), sharedWith: (extra.sharedWith as string[]) ?? [] },
    messageId,
    clientId: `client-${messageId}`,
    role: author === 'visitor' ? 'user' : 'assistant',
    author,
    content: `content of ${messageId}`,
    isNote: false,
    productIds: author === 'bot' ? ['p1', 'p2'] : [],
    postedAt: new Date(Date.UTC(2026, 10, 23, 10, 5, sequence)).toISOString(),
    ...(author === 'bot' ? { decision: { intent: 'question', confidence: 0.9 } } : {}),
    ...(author === 'team' ? { teamMemberId: 'u-7', teamMemberName: 'Sam' } : {}),
    ...extra,
  });

/** What one group of a busy moment looks like: several rooms, every kind of author, notes, a seen marker, replays. */
function eventsOfABusyMoment(): { before: RecordedEvent[]; group: RecordedEvent[] } {
  sequence = 0;
  const before = [opened('r1', 'cust-r1'), posted('r1', 'm-early', 'visitor')];
  const group = [
    opened('r2', 'cust-r2'),
    posted('r1', 'm1', 'bot'),
    posted('r2', 'm2', 'visitor'),
    posted('r1', 'm-early', 'visitor'), // already in the read model: a replay changes nothing
    posted('r1', 'm3', 'team'),
    posted('r1', 'm4', 'team', { isNote: true, noteType: 'internal', sharedWith: ['u-7'] }),
    posted('gone', 'm5', 'visitor'), // a room the read model does not have (its domain was deleted)
    posted('r2', 'm6', 'bot', { link: 'https://shop.example/p1' }),
    recorded(E.RoomSeen, {
      roomId: 'r2',
      audience: audience('cust-r2'),
      by: 'team',
      upToMessageId: 'm6',
      seenAt: '2026-11-23T10:06:00.000Z',
    }),
    posted('r2', 'm7', 'visitor'),
    posted('r2', 'm7', 'visitor'), // the same message twice in one run
    posted('r2', 'm8', 'system'),
    posted('r1', 'm9', 'bot'),
  ];
  return { before, group };
}

describe('conversations read model: a group applied at once equals one by one', () => {
  let one: TestDatabase;
  let many: TestDatabase;
  beforeAll(async () => {
    [one, many] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    for (const db of [one, many]) {
      await migrate(db.pool, MIGRATIONS_DIR);
      await db.pool.query(`INSERT INTO domains VALUES ($1, 'acc-1', 'shop.example', now())`, [DOMAIN]);
    }
  });
  afterAll(async () => {
    await Promise.all([one.drop(), many.drop()]);
  });

  const inTransaction = async (db: TestDatabase, work: (tx: import('pg').PoolClient) => Promise<void>) => {
    const tx = await db.pool.connect();
    try {
      await tx.query('BEGIN');
      await work(tx);
      await tx.query('COMMIT');
    } finally {
      tx.release();
    }
  };
  const contents = async (db: TestDatabase) => ({
    rooms: (await db.pool.query('SELECT * FROM rooms ORDER BY room_id')).rows,
    messages: (await db.pool.query('SELECT * FROM messages ORDER BY position, message_id')).rows,
  });

  it('rooms (latest message, time, audience, unread, count) and messages come out the same', async () => {
    const { before, group } = eventsOfABusyMoment();
    for (const db of [one, many])
      for (const e of before) await inTransaction(db, (tx) => readModelProjection.apply(tx, e));
    for (const e of group) await inTransaction(one, (tx) => readModelProjection.apply(tx, e));
    await inTransaction(many, (tx) => readModelProjection.applyMany!(tx, group));

    const expected = await contents(one);
    expect(await contents(many)).toEqual(expected);
    // The cases above are really in it (so equality is not of two empty read models).
    expect(expected.rooms.map((r) => [r.room_id, r.last_message_id, r.message_count, r.unread])).toEqual([
      ['r1', 'm9', 5, false],
      ['r2', 'm8', 4, true],
    ]);
    expect(expected.rooms[0].shared_with).toEqual([]);
    expect(expected.messages).toHaveLength(9);
    expect(expected.messages.find((m) => m.message_id === 'm2').seen).toBe(true); // the team saw up to m6
  });

  it('a run of messages alone, in rooms with notes last, leaves unread and the audience as one by one does', async () => {
    sequence = 100;
    const group = [
      // The last of the visitor's and the team's messages decides unread, not the first.
      posted('r1', 'n5', 'team'),
      posted('r2', 'n8', 'visitor'),
      posted('r2', 'n9', 'team'),
      posted('r1', 'n1', 'visitor'),
      posted('r1', 'n2', 'team', { isNote: true, noteType: 'transfer', sharedWith: ['u-9'] }),
      posted('r2', 'n3', 'team'),
      posted('r2', 'n4', 'bot'),
    ];
    for (const e of group) await inTransaction(one, (tx) => readModelProjection.apply(tx, e));
    await inTransaction(many, (tx) => readModelProjection.applyMany!(tx, group));
    const expected = await contents(one);
    expect(await contents(many)).toEqual(expected);
    expect(expected.rooms.map((r) => [r.room_id, r.last_message_id, r.unread, r.shared_with])).toEqual([
      ['r1', 'n2', true, ['u-9']],
      ['r2', 'n4', false, []],
    ]);
  });
});
