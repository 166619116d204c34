import { randomUUID } from 'node:crypto';
import { ConversationsEvent, type MessagePosted, type RealtimeEnvelope } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { createLogger } from '@parley/logger';
import { connectTestNats, deleteNamespaceStreams, randomNamespace } from '@parley/testing';
import type { NatsConnection } from 'nats';
import { createClient, type RedisClientType } from 'redis';
import { startConversationsRelay, type ConversationsRelay } from '../src/realtime/conversations-relay';
import { readAnnouncement } from '../src/realtime/event-announcement';
import { createReplayBuffer, type ReplayBuffer } from '../src/realtime/replay-buffer';

/**
 * The relay on its own, against the real JetStream and Redis: events appended the way the
 * conversations service appends them, two relays sharing the durable consumer like two gateway
 * replicas. The whole path through sockets is in realtime-rooms.int.spec.ts.
 */
const logger = createLogger('relay-test', 'silent');
let nc: NatsConnection;
let redis: RedisClientType;
let namespace: string;
let store: EventStore;
let buffer: ReplayBuffer;
const relays: ConversationsRelay[] = [];

interface Seen {
  replica: string;
  room: string;
  event: string;
  envelope: RealtimeEnvelope<unknown>;
  /** Every room of the broadcast this emission was part of. */
  rooms: string[];
}

beforeAll(async () => {
  nc = await connectTestNats();
  redis = createClient({ url: 'redis://127.0.0.1:6379' });
  await redis.connect();
  namespace = randomNamespace();
  store = new EventStore(nc, { context: 'conversations', namespace });
  buffer = createReplayBuffer(redis, { keyPrefix: `gwtest:${namespace}`, dedupeTtlMs: 60_000 });
});

afterAll(async () => {
  await Promise.all(relays.map((r) => r.stop()));
  await deleteNamespaceStreams(nc, namespace).catch(() => undefined);
  for await (const keys of redis.scanIterator({ MATCH: `gwtest:${namespace}:*`, COUNT: 500 }))
    if (keys.length) await redis.del(keys);
  await redis.close();
  await nc.close();
});

/** Cards as content would answer them; 'p-broken' makes the whole lookup fail. */
const cardLookups: string[][] = [];
async function productCards(_domainId: string, ids: string[]) {
  cardLookups.push(ids);
  await new Promise((r) => setTimeout(r, 50)); // slower than the events after it
  if (ids.includes('p-broken')) throw new Error('content is down');
  return ids.map((id) => ({
    id,
    name: `Product ${id}`,
    image: null,
    price: 10,
    hasDiscount: false,
    discountedPrice: null,
    productUrl: null,
  }));
}

async function startReplica(name: string, seen: Seen[]): Promise<void> {
  relays.push(
    await startConversationsRelay({
      nc,
      namespace,
      buffer,
      logger,
      productCards,
      target: {
        emit: (rooms, event, envelope) => {
          for (const room of rooms) seen.push({ replica: name, room, event, envelope, rooms });
        },
        revoke: () => undefined,
      },
    }),
  );
}

const audience = { accountId: 'acc1', domainId: 'dom1', customerId: 'cus1', sharedWith: [] };
const versions = new Map<string, number>();
async function post(roomId: string, over: Partial<MessagePosted> = {}): Promise<void> {
  const data: MessagePosted = {
    roomId,
    audience,
    messageId: randomUUID(),
    role: 'user',
    author: 'visitor',
    content: 'hello',
    isNote: false,
    productIds: [],
    postedAt: new Date().toISOString(),
    ...over,
  };
  const result = await store.append(
    store.subject('room', roomId),
    [{ type: ConversationsEvent.MessagePosted, data }],
    {
      expectedVersion: versions.get(roomId) ?? 0,
      commandId: randomUUID(),
    },
  );
  versions.set(roomId, result.version);
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('conversations relay', () => {
  const seen: Seen[] = [];

  beforeAll(async () => {
    await startReplica('A', seen);
    await startReplica('B', seen);
  });

  it('two replicas share the events: each emission happens once, each with its own cursor', async () => {
    const rooms = ['r1', 'r2', 'r3', 'r4'];
    const perRoom = 25;
    for (let i = 0; i < perRoom; i++) await Promise.all(rooms.map((r) => post(r, { content: `m${i}` })));
    // Per visitor message: team + visitor side, and customer-message (which carries the row's patch) on the account's list.
    const expected = rooms.length * perRoom * 3;
    await until(() => seen.length >= expected, `${expected} emissions`);
    await new Promise((r) => setTimeout(r, 500)); // a duplicate would arrive now
    expect(seen).toHaveLength(expected);
    expect(new Set(seen.map((s) => s.replica))).toEqual(new Set(['A', 'B']));

    const chat = seen.filter((s) => s.event === 'chat-message' && s.room === 'room:r1:team');
    expect(chat).toHaveLength(perRoom);
    const cursors = chat.map((s) => s.envelope.cursor!);
    expect(new Set(cursors).size).toBe(perRoom);
    expect(seen.every((s) => typeof s.envelope.cursor === 'string')).toBe(true);
    for (const s of seen.filter((x) => x.room.startsWith('room:r2:'))) expect(s.envelope.channel).toBe('r2');
    for (const s of seen.filter((x) => x.room.startsWith('acct:')))
      expect(s.envelope.channel).toBe('chat-global');
  });

  it("a message reaches its room's team and visitor side in one broadcast, with one cursor", async () => {
    const chat = seen.filter((s) => s.event === 'chat-message' && s.room === 'room:r3:visitor');
    expect(chat.length).toBeGreaterThan(0);
    for (const s of chat) expect(s.rooms).toEqual(['room:r3:team', 'room:r3:visitor']);
    const replayed = await buffer.since('room:r3:visitor', undefined);
    const team = await buffer.since('room:r3:team', undefined);
    // Both streams hold the entry under the cursor the broadcast carried.
    expect(replayed.cursor).toBe(chat.at(-1)!.envelope.cursor);
    expect(team.cursor).toBe(chat.at(-1)!.envelope.cursor);
    const lists = seen.filter((s) => s.event === 'customer-message' && s.room.startsWith('acct:'));
    for (const s of lists) expect(s.rooms).toEqual(['acct:acc1:global']);
  });

  it('an emission repeated to a stream that already holds a later id gets an id of its own', async () => {
    await redis.xAdd(`gwtest:${namespace}:rt:buf:room:late:visitor`, '9999999999999-0', { e: '{}' });
    const data = { n: 1 };
    const cursors = await buffer.record(randomUUID(), [
      { room: 'room:late:team', channel: 'late', event: 'chat-message', data },
      { room: 'room:late:visitor', channel: 'late', event: 'chat-message', data },
    ]);
    expect(cursors).toHaveLength(2);
    expect(cursors![0]).not.toBe(cursors![1]);
    expect(cursors![1]).toBe('9999999999999-1');
    expect(await redis.xLen(`gwtest:${namespace}:rt:buf:room:late:team`)).toBe(1);
  });

  it('a note reaches the team side only', async () => {
    const before = seen.length;
    await post('r9', {
      role: 'assistant',
      author: 'team',
      isNote: true,
      noteType: 'internal',
      content: 'secret',
    });
    await post('r9', { content: 'after the note' });
    await until(() => seen.some((s) => s.room === 'room:r9:visitor'), 'the visitor message');
    const r9 = seen.slice(before).filter((s) => s.event === 'chat-message');
    expect(
      r9
        .filter((s) => s.room === 'room:r9:team')
        .map((s) => (s.envelope.data as { content: string }).content),
    ).toEqual(['secret', 'after the note']);
    expect(
      r9
        .filter((s) => s.room === 'room:r9:visitor')
        .map((s) => (s.envelope.data as { content: string }).content),
    ).toEqual(['after the note']);
  });

  it('a message with products carries their cards; without content it still goes out', async () => {
    await post('r7', { author: 'team', role: 'assistant', content: 'have a look', productIds: ['p1', 'p2'] });
    await post('r7', { content: 'thanks' });
    await post('r7', { author: 'team', role: 'assistant', content: 'broken', productIds: ['p-broken'] });
    await post('r7', { content: 'ok' });
    await until(() => seen.filter((s) => s.room === 'room:r7:visitor').length === 4, 'the four messages');
    const r7 = seen.filter((s) => s.room === 'room:r7:visitor');
    const data = r7.map(
      (s) => s.envelope.data as { content: string; products: { id: string; name: string }[] },
    );
    const byContent = new Map(data.map((d) => [d.content, d.products]));
    expect(byContent.get('have a look')!.map((p) => p.name)).toEqual(['Product p1', 'Product p2']);
    expect(byContent.get('broken')).toEqual([]);
    expect(byContent.get('thanks')).toEqual([]);
    expect(cardLookups).toContainEqual(['p1', 'p2']);
  });

  it('what a room carried is in its replay buffer, keyed by the cursors the sockets got', async () => {
    const chat = seen.filter((s) => s.event === 'chat-message' && s.room === 'room:r1:team');
    const since = chat[9]!.envelope.cursor!;
    const replay = await buffer.since('room:r1:team', since);
    expect(replay.reset).toBe(false);
    if (replay.reset) return;
    expect(replay.events.map((e) => e.cursor)).toEqual(chat.slice(10).map((s) => s.envelope.cursor));
    expect(replay.events[0]).toMatchObject({
      channel: 'r1',
      event: 'chat-message',
      data: chat[10]!.envelope.data,
    });
    expect(replay.cursor).toBe(chat.at(-1)!.envelope.cursor);
    // Nothing after the latest cursor; and no since = just the latest cursor.
    expect(await buffer.since('room:r1:team', replay.cursor!)).toEqual({
      reset: false,
      events: [],
      cursor: replay.cursor,
    });
    expect(await buffer.since('room:r1:team', undefined)).toEqual({
      reset: false,
      events: [],
      cursor: replay.cursor,
    });
    // A channel that never carried anything has no cursor; a since there cannot be answered.
    expect(await buffer.since('room:nothing:team', undefined)).toEqual({
      reset: false,
      events: [],
      cursor: null,
    });
    expect((await buffer.since('room:nothing:team', since)).reset).toBe(true);
  });

  it('an event recorded twice (a redelivery) is buffered and emitted once', async () => {
    const emission = [{ room: 'room:dup:team', channel: 'dup', event: 'chat-message', data: { n: 1 } }];
    const first = await buffer.record('STREAM:424242', emission);
    const again = await buffer.record('STREAM:424242', emission);
    expect(first).toHaveLength(1);
    expect(again).toBeUndefined();
    expect(await redis.xLen(`gwtest:${namespace}:rt:buf:room:dup:team`)).toBe(1);
  });
});

describe('replay buffer limits', () => {
  it('answers reset when since is older than the buffer keeps (age), and when entries after it were trimmed', async () => {
    const short = createReplayBuffer(redis, {
      keyPrefix: `gwtest:${namespace}:short`,
      dedupeTtlMs: 60_000,
      maxAgeMs: 1000,
    });
    const [old] = (await short.record(randomUUID(), [
      { room: 'room:old:team', channel: 'old', event: 'e', data: 1 },
    ]))!;
    expect((await short.since('room:old:team', old!)).reset).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    await short.record(randomUUID(), [{ room: 'room:old:team', channel: 'old', event: 'e', data: 2 }]);
    expect((await short.since('room:old:team', old!)).reset).toBe(true);

    const tiny = createReplayBuffer(redis, {
      keyPrefix: `gwtest:${namespace}:tiny`,
      dedupeTtlMs: 60_000,
      maxEntries: 1,
    });
    const cursors: string[] = [];
    // MAXLEN ~ trims whole nodes (100 entries by default), so write enough to drop the first node.
    for (let i = 0; i < 250; i++)
      cursors.push(
        (await tiny.record(randomUUID(), [{ room: 'room:t:team', channel: 't', event: 'e', data: i }]))![0]!,
      );
    expect((await tiny.since('room:t:team', cursors[0]!)).reset).toBe(true);
    const recent = await tiny.since('room:t:team', cursors[248]!);
    expect(recent.reset === false && recent.events.map((e) => e.data)).toEqual([249]);
  });
});

describe('replay stream upkeep', () => {
  it('trims by age and re-expires a stream with the first event of each period only, to outlive its last event by the max age', async () => {
    const prefix = `gwtest:${namespace}:upkeep`;
    const upkept = createReplayBuffer(redis, {
      keyPrefix: prefix,
      dedupeTtlMs: 60_000,
      maxAgeMs: 30_000,
      upkeepPeriodMs: 3_600_000,
    });
    const key = `${prefix}:rt:buf:room:u:team`;
    const emission = (data: number) => [{ room: 'room:u:team', channel: 'u', event: 'e', data }];
    await upkept.record(randomUUID(), emission(1));
    // Expires a period after the max age: the period's later events do not push it on.
    expect(await redis.pTTL(key)).toBeGreaterThan(30_000 + 3_500_000);
    await redis.pExpire(key, 5_000);
    await upkept.record(randomUUID(), emission(2));
    expect(await redis.pTTL(key)).toBeLessThanOrEqual(5_000);
    expect(await redis.xLen(key)).toBe(2);
  });
});

describe('announcements to the other replicas', () => {
  it('the record script publishes each recorded event once, with the cursors it gave; a redelivery publishes nothing', async () => {
    const channel = `gwtest:${namespace}:rt:relayed`;
    const announcing = createReplayBuffer(redis, {
      keyPrefix: `gwtest:${namespace}:ann`,
      dedupeTtlMs: 60_000,
      announce: { channel, origin: 'replica-A' },
    });
    const subscriber = redis.duplicate();
    await subscriber.connect();
    const heard: string[] = [];
    await subscriber.subscribe(channel, (message) => heard.push(message));
    try {
      const message = { content: 'hi' };
      const emissions = [
        { room: 'room:a1:team', channel: 'a1', event: 'chat-message', data: message },
        { room: 'room:a1:visitor', channel: 'a1', event: 'chat-message', data: message },
        { room: 'acct:x:global', channel: 'chat-global', event: 'customer-message', data: { message } },
      ];
      const cursors = await announcing.record('STREAM:1', emissions);
      expect(await announcing.record('STREAM:1', emissions)).toBeUndefined();
      await until(() => heard.length >= 1, 'the announcement');
      await new Promise((r) => setTimeout(r, 200)); // a second one would arrive now
      expect(heard).toHaveLength(1);
      expect(readAnnouncement(heard[0]!, 'replica-A', () => true)).toBeUndefined();
      expect(readAnnouncement(heard[0]!, 'replica-B', () => true)).toEqual({ emissions, cursors });
    } finally {
      await subscriber.close();
    }
  });
});
