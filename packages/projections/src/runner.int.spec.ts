import { ensureStream, EventStore, streamName } from '@parley/eventstore';
import { createLogger } from '@parley/logger';
import {
  connectTestNats,
  createTestDatabase,
  deleteNamespaceStreams,
  randomNamespace,
  type TestDatabase,
} from '@parley/testing';
import { AckPolicy, DeliverPolicy, type NatsConnection } from 'nats';
import {
  appendTallies,
  createTallyTable,
  readTallies,
  tallyAdded,
  tallyProjection,
} from './__fixtures__/tally-projection';
import { ensureProjectionSchema, resetProjection, startProjection, type ProjectionRunner } from './index';
import { LeaderLock } from './leader';

const logger = createLogger('projections-test', 'silent');

/** 'settled' when `p` settles within `ms`, 'pending' when it is still running then. */
async function settlesWithin(p: Promise<unknown>, ms: number): Promise<'settled' | 'pending'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'pending'>((resolve) => (timer = setTimeout(() => resolve('pending'), ms)));
  const settled = p.then(
    () => 'settled' as const,
    () => 'settled' as const,
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('projection runner', () => {
  let nc: NatsConnection;
  let db: TestDatabase;
  let namespace: string;
  let store: EventStore;
  const runners: ProjectionRunner[] = [];

  beforeAll(async () => {
    nc = await connectTestNats();
  });
  beforeEach(async () => {
    namespace = randomNamespace();
    db = await createTestDatabase();
    await ensureStream(nc, 'ledger', namespace);
    store = new EventStore(nc, { context: 'ledger', namespace });
    await ensureProjectionSchema(db.pool);
    await createTallyTable(db.pool, 'tallies');
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await deleteNamespaceStreams(nc, namespace);
    await db.drop();
  });
  afterAll(async () => {
    await nc.close();
  });

  const start = async (
    projection: Parameters<typeof startProjection>[0]['projection'],
    extra: Partial<Parameters<typeof startProjection>[0]> = {},
  ) => {
    const r = await startProjection({
      nc,
      pool: db.pool,
      projection,
      namespace,
      logger,
      retryDelayMs: 10,
      ...extra,
    });
    runners.push(r);
    return r;
  };
  const append = (id: string, amounts: number[]) => appendTallies(store, id, amounts);

  it('applies every event once, in stream order, with the checkpoint in the same transaction', async () => {
    await append('a', [1, 2, 3]);
    const p = tallyProjection('tallies-v1', 'tallies');
    const runner = await start(p);
    const last = await append('b', [10, 20]);
    await runner.waitFor(last);
    expect(runner.position()).toBe(last);
    expect(await readTallies(db.pool, 'tallies')).toEqual([
      { id: 'a', total: 6, events: 3, last_seq: '3' },
      { id: 'b', total: 30, events: 2, last_seq: '5' },
    ]);
    expect(p.applied).toEqual([1, 2, 3, 4, 5]);
    const { rows } = await db.pool.query(
      'SELECT position, stream FROM projection_checkpoints WHERE projection = $1',
      ['tallies-v1'],
    );
    expect(rows).toEqual([{ position: '5', stream: streamName('ledger', namespace) }]);
  });

  it('resumes after a restart from its checkpoint without re-applying anything', async () => {
    const p = tallyProjection('tallies-v1', 'tallies');
    const first = await start(p);
    await first.waitFor(await append('a', [1, 2]));
    await first.stop();
    runners.splice(runners.indexOf(first), 1);
    const last = await append('a', [3]);
    const second = await start(p);
    await second.waitFor(last);
    expect(p.applied).toEqual([1, 2, 3]);
    expect(await readTallies(db.pool, 'tallies')).toEqual([{ id: 'a', total: 6, events: 3, last_seq: '3' }]);
  });

  it('crash after commit, before ack: the unacked events are not applied again', async () => {
    await append('a', [1, 2, 3]);
    // A runner that crashed: it received events 1-3 on the durable consumer, committed their
    // effects and checkpoint, and died before acking.
    const jsm = await nc.jetstreamManager();
    const stream = streamName('ledger', namespace);
    await jsm.consumers.add(stream, {
      durable_name: 'tallies-v1',
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: `${namespace}.ledger.>`,
      ack_wait: 1_000_000_000,
    });
    const crashed = await nc.jetstream().consumers.get(stream, 'tallies-v1');
    const delivered = [];
    for await (const m of await crashed.fetch({ max_messages: 3, expires: 2000 })) delivered.push(m.seq);
    expect(delivered).toEqual([1, 2, 3]);
    await db.pool.query(`INSERT INTO tallies VALUES ('a', 6, 3, 3)`);
    await db.pool.query(
      `INSERT INTO projection_checkpoints (namespace, projection, stream, position) VALUES ($1, 'tallies-v1', $2, 3)`,
      [namespace, stream],
    );
    expect((await jsm.consumers.info(stream, 'tallies-v1')).num_ack_pending).toBe(3);

    const p = tallyProjection('tallies-v1', 'tallies');
    const runner = await start(p);
    const last = await append('a', [4]);
    await runner.waitFor(last);
    // Let the old deliveries' ack_wait (1 s) pass: nothing of them may come back and be applied.
    await new Promise((r) => setTimeout(r, 1500));
    expect(p.applied).toEqual([4]);
    expect(await readTallies(db.pool, 'tallies')).toEqual([{ id: 'a', total: 10, events: 4, last_seq: '4' }]);
  });

  it('a redelivered event (ack_wait expired while applying) is applied once', async () => {
    const last = await append('a', [1, 2, 3]);
    const p = tallyProjection('tallies-v1', 'tallies', { slowMs: 700 });
    const runner = await start(p, { ackWaitMs: 1000, batchSize: 16 });
    await runner.waitFor(last, 20_000);
    // The server did redeliver (events 2 and 3 waited > ack_wait behind the slow applies)...
    const info = await (
      await nc.jetstreamManager()
    ).consumers.info(streamName('ledger', namespace), 'tallies-v1');
    // (3 messages; every delivery beyond them is a redelivery)
    expect(info.delivered.consumer_seq).toBeGreaterThan(3);
    // ...yet every event was applied exactly once.
    expect(p.applied).toEqual([1, 2, 3]);
    expect(await readTallies(db.pool, 'tallies')).toEqual([{ id: 'a', total: 6, events: 3, last_seq: '3' }]);
  });

  it('retries a failing event in place; later events never overtake it', async () => {
    await append('a', [1]);
    await append('b', [5]);
    const last = await append('a', [2]);
    const p = tallyProjection('tallies-v1', 'tallies', {
      failWhen: (e, attempt) => e.sequence === 1 && attempt < 3,
    });
    const runner = await start(p, { maxDeliver: 5 });
    await runner.waitFor(last);
    expect(p.applied).toEqual([1, 1, 1, 2, 3]);
    expect(await readTallies(db.pool, 'tallies')).toEqual([
      { id: 'a', total: 3, events: 2, last_seq: '3' },
      { id: 'b', total: 5, events: 1, last_seq: '2' },
    ]);
    expect((await db.pool.query('SELECT count(*)::int AS n FROM projection_dead_letters')).rows[0].n).toBe(0);
  });

  it('parks a poison event after the bounded attempts and goes on with later events', async () => {
    await append('a', [1]);
    const poison = await append('a', [13]);
    const last = await append('a', [2]);
    const p = tallyProjection('tallies-v1', 'tallies', {
      failWhen: (e) => (e.data as { amount: number }).amount === 13,
    });
    const runner = await start(p, { maxDeliver: 3 });
    await runner.waitFor(last);
    expect(p.applied).toEqual([1, poison, poison, poison, last]);
    expect(await readTallies(db.pool, 'tallies')).toEqual([
      { id: 'a', total: 3, events: 2, last_seq: String(last) },
    ]);
    const { rows } = await db.pool.query(
      'SELECT projection, stream_sequence, subject, event_type, payload, error, attempts FROM projection_dead_letters',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      projection: 'tallies-v1',
      stream_sequence: String(poison),
      subject: store.subject('tally', 'a'),
      event_type: 'TallyAdded',
      attempts: 3,
      error: expect.stringContaining('refusing event 2 (attempt 3)'),
    });
    expect(JSON.parse(rows[0].payload)).toMatchObject({ type: 'TallyAdded', data: { amount: 13 } });
    // The parked message was terminated, not left for redelivery.
    const info = await (
      await nc.jetstreamManager()
    ).consumers.info(streamName('ledger', namespace), 'tallies-v1');
    expect(info.num_ack_pending).toBe(0);
  });

  it('parks a message that is not a readable event without calling apply', async () => {
    const subject = store.subject('tally', 'junk');
    await nc.jetstream().publish(subject, new TextEncoder().encode('not json'));
    const last = await append('a', [1]);
    const p = tallyProjection('tallies-v1', 'tallies');
    const runner = await start(p);
    await runner.waitFor(last);
    expect(p.applied).toEqual([last]);
    const { rows } = await db.pool.query('SELECT payload, error, attempts FROM projection_dead_letters');
    expect(rows).toEqual([{ payload: 'not json', error: expect.stringContaining('not JSON'), attempts: 1 }]);
  });

  /** Sequences grouped by the transaction that applied them, in order of their first sequence. */
  const groupsOf = (transactionOf: Map<number, string>) => {
    const groups = new Map<string, number[]>();
    for (const [seq, tx] of [...transactionOf].sort((a, b) => a[0] - b[0])) {
      groups.set(tx, [...(groups.get(tx) ?? []), seq]);
    }
    return [...groups.values()];
  };

  it('maxEventsPerTransaction: events waiting behind a transaction are applied together, one checkpoint move per group', async () => {
    const amounts = Array.from({ length: 40 }, (_, i) => i + 1);
    await append('a', amounts.slice(0, 20));
    const last = await append('b', amounts.slice(20));
    const p = tallyProjection('tallies-v1', 'tallies', {
      maxEventsPerTransaction: 8,
      recordTransactions: true,
    });
    const runner = await start(p);
    await runner.waitFor(last);
    expect(p.applied).toEqual(amounts); // each once, in stream order (sequence = amount here)
    expect(await readTallies(db.pool, 'tallies')).toEqual([
      { id: 'a', total: 210, events: 20, last_seq: '20' },
      { id: 'b', total: 610, events: 20, last_seq: '40' },
    ]);
    const groups = groupsOf(p.transactionOf);
    expect(groups.length).toBeLessThan(40);
    for (const g of groups) {
      expect(g.length).toBeLessThanOrEqual(8);
      expect(g).toEqual(Array.from({ length: g.length }, (_, i) => g[0]! + i)); // consecutive
    }
    expect(groups.flat()).toEqual(amounts);
    const { rows } = await db.pool.query(
      'SELECT position FROM projection_checkpoints WHERE projection = $1',
      ['tallies-v1'],
    );
    expect(rows).toEqual([{ position: '40' }]);
    const info = await (
      await nc.jetstreamManager()
    ).consumers.info(streamName('ledger', namespace), 'tallies-v1');
    // One ack per group (the consumer acks all up to it) settles every event of the group.
    expect(info.config.ack_policy).toBe(AckPolicy.All);
    expect(info.num_ack_pending).toBe(0);
    expect(info.ack_floor.stream_seq).toBe(40);
  });

  it('a projection with applyMany gets each group in one call, single events through apply', async () => {
    const amounts = Array.from({ length: 24 }, (_, i) => i + 1);
    const last = await append('a', amounts);
    const p = tallyProjection('tallies-v1', 'tallies', { maxEventsPerTransaction: 8, applyMany: true });
    const runner = await start(p);
    await runner.waitFor(last);
    expect(p.applied).toEqual(amounts);
    expect(p.manyCalls.length).toBeGreaterThan(0);
    for (const size of p.manyCalls) expect(size).toBeGreaterThan(1);
    for (const size of p.manyCalls) expect(size).toBeLessThanOrEqual(8);
    expect(await readTallies(db.pool, 'tallies')).toEqual([
      { id: 'a', total: 300, events: 24, last_seq: '24' },
    ]);
  });

  it('groupLingerMs: a steady stream goes in groups, and a runner stopped while one lingers leaves every event applied once', async () => {
    const p = tallyProjection('tallies-v1', 'tallies', {
      maxEventsPerTransaction: 8,
      recordTransactions: true,
    });
    const first = await start(p, { groupLingerMs: 40 });
    const amounts = Array.from({ length: 30 }, (_, i) => i + 1);
    let last = 0;
    for (const amount of amounts) {
      last = await append('a', [amount]);
      await new Promise((r) => setTimeout(r, 3));
      if (amount === 20) {
        await first.stop(); // most likely while a group waits for more
        runners.splice(runners.indexOf(first), 1);
      }
    }
    const second = await start(p, { groupLingerMs: 40 });
    await second.waitFor(last);
    expect(p.applied).toEqual(amounts);
    const groups = groupsOf(p.transactionOf);
    expect(groups.flat()).toEqual(amounts);
    expect(groups.length).toBeLessThan(amounts.length / 2);
    expect(await readTallies(db.pool, 'tallies')).toEqual([
      { id: 'a', total: 465, events: 30, last_seq: '30' },
    ]);
  });

  it('without maxEventsPerTransaction every event has a transaction of its own', async () => {
    const last = await append('a', [1, 2, 3, 4, 5, 6]);
    const p = tallyProjection('tallies-v1', 'tallies', { recordTransactions: true });
    const runner = await start(p);
    await runner.waitFor(last);
    expect(groupsOf(p.transactionOf)).toEqual([[1], [2], [3], [4], [5], [6]]);
  });

  it('a group that fails is rolled back and applied one by one: the poison event is parked, every other applied once', async () => {
    await append('a', [1]);
    await append('a', [2]);
    const poison = await append('a', [13]);
    const last = await append('a', [3, 4]);
    const p = tallyProjection('tallies-v1', 'tallies', {
      maxEventsPerTransaction: 10,
      failWhen: (e) => (e.data as { amount: number }).amount === 13,
    });
    const runner = await start(p, { maxDeliver: 2 });
    await runner.waitFor(last);
    expect(await readTallies(db.pool, 'tallies')).toEqual([
      { id: 'a', total: 10, events: 4, last_seq: String(last) },
    ]);
    // The group's attempt, then the poison event's own two: the group attempt is not counted
    // against the event's budget (its dead letter says 2).
    expect(p.attemptsBySeq.get(poison)).toBe(3);
    const { rows } = await db.pool.query('SELECT stream_sequence, attempts FROM projection_dead_letters');
    expect(rows).toEqual([{ stream_sequence: String(poison), attempts: 2 }]);
  });

  it('a rebuilt projection (new version) replays from the first event and equals the live one', async () => {
    await createTallyTable(db.pool, 'tallies_v2');
    const live = await start(tallyProjection('tallies-v1', 'tallies'));
    for (let i = 0; i < 20; i++) await append(`t${i % 4}`, [i]);
    const last = await append('t0', [100]);
    await live.waitFor(last);
    const rebuilt = await start(tallyProjection('tallies-v2', 'tallies_v2'));
    await rebuilt.waitFor(last);
    const liveRows = await readTallies(db.pool, 'tallies');
    expect(liveRows).toHaveLength(4);
    expect(await readTallies(db.pool, 'tallies_v2')).toEqual(liveRows);
  });

  it('resetProjection: stop, reset, truncate, start again replays to the same state', async () => {
    const p = tallyProjection('tallies-v1', 'tallies');
    const runner = await start(p);
    const last = await append('a', [1, 2, 3]);
    await runner.waitFor(last);
    const before = await readTallies(db.pool, 'tallies');
    await expect(resetProjection(nc, db.pool, 'tallies-v1', namespace)).rejects.toThrow(/is running/);
    await runner.stop();
    runners.splice(runners.indexOf(runner), 1);
    await resetProjection(nc, db.pool, 'tallies-v1', namespace);
    const jsm = await nc.jetstreamManager();
    await expect(jsm.consumers.info(streamName('ledger', namespace), 'tallies-v1')).rejects.toThrow(
      /not found/,
    );
    expect((await db.pool.query('SELECT * FROM projection_checkpoints')).rowCount).toBe(0);
    await db.pool.query('TRUNCATE tallies');
    const again = await start(p);
    await again.waitFor(last);
    expect(await readTallies(db.pool, 'tallies')).toEqual(before);
  });

  it('filters by aggregate on the server', async () => {
    await store.append(store.subject('other', 'x'), [tallyAdded(99)], { expectedVersion: 0, commandId: 'o' });
    const last = await append('a', [1]);
    const p = tallyProjection('tallies-v1', 'tallies', { aggregate: 'tally' });
    const runner = await start(p);
    await runner.waitFor(last);
    expect(p.applied).toEqual([last]);
  });

  it('waitFor a sequence outside the filter resolves once everything the projection consumes before it is applied', async () => {
    const p = tallyProjection('tallies-v1', 'tallies', { aggregate: 'tally', slowMs: 300 });
    const runner = await start(p);
    const mine = await append('a', [1]);
    const unrelated = (
      await store.append(store.subject('other', 'x'), [tallyAdded(99)], {
        expectedVersion: 0,
        commandId: 'o',
      })
    ).version;
    expect(unrelated).toBeGreaterThan(mine);
    await runner.waitFor(unrelated);
    // Not before the slow apply of the event it depends on.
    expect(await readTallies(db.pool, 'tallies')).toEqual([
      { id: 'a', total: 1, events: 1, last_seq: String(mine) },
    ]);
    expect(runner.position()).toBe(mine);
    // And with nothing pending at all, at once.
    const later = (
      await store.append(store.subject('other', 'y'), [tallyAdded(1)], { expectedVersion: 0, commandId: 'y' })
    ).version;
    await runner.waitFor(later, 2000);
  });

  it('namespaces isolate: the same projection in two namespaces sees only its own events', async () => {
    const other = randomNamespace();
    const otherDb = await createTestDatabase();
    try {
      await ensureStream(nc, 'ledger', other);
      await ensureProjectionSchema(otherDb.pool);
      await createTallyTable(otherDb.pool, 'tallies');
      const otherStore = new EventStore(nc, { context: 'ledger', namespace: other });
      await otherStore.append(otherStore.subject('tally', 'z'), [tallyAdded(7)], {
        expectedVersion: 0,
        commandId: 'z',
      });
      const mine = await start(tallyProjection('tallies-v1', 'tallies'));
      const theirs = await startProjection({
        nc,
        pool: otherDb.pool,
        projection: tallyProjection('tallies-v1', 'tallies'),
        namespace: other,
        logger,
      });
      try {
        await mine.waitFor(await append('a', [1]));
        await theirs.waitFor(1);
        expect(await readTallies(db.pool, 'tallies')).toEqual([
          { id: 'a', total: 1, events: 1, last_seq: '1' },
        ]);
        expect(await readTallies(otherDb.pool, 'tallies')).toEqual([
          { id: 'z', total: 7, events: 1, last_seq: '1' },
        ]);
      } finally {
        await theirs.stop();
      }
    } finally {
      await deleteNamespaceStreams(nc, other);
      await otherDb.drop();
    }
  });

  it('one active runner per projection: a second replica stands by and takes over when the first stops', async () => {
    const p1 = tallyProjection('tallies-v1', 'tallies');
    const p2 = tallyProjection('tallies-v1', 'tallies');
    const active = await start(p1);
    const standby = await start(p2, { standbyPollMs: 100 });
    const first = await append('a', [1, 2]);
    await active.waitFor(first);
    await standby.waitFor(first); // follows the checkpoint while standing by
    expect(p2.applied).toEqual([]);
    await active.stop();
    const last = await append('a', [3]);
    await standby.waitFor(last);
    expect(p1.applied).toEqual([1, 2]);
    expect(p2.applied).toEqual([3]);
    expect(await readTallies(db.pool, 'tallies')).toEqual([{ id: 'a', total: 6, events: 3, last_seq: '3' }]);
  });

  it('a standby told to stop just as it takes over stops promptly and releases the lock', async () => {
    // Replicas stopping together: the active one lets go, the standby's poll takes the lock,
    // and the standby's stop() arrives while it is still opening its session.
    let standby: ProjectionRunner | undefined;
    let stopped: Promise<void> | undefined;
    const tryAcquire = LeaderLock.prototype.tryAcquire;
    const spy = jest.spyOn(LeaderLock.prototype, 'tryAcquire').mockImplementation(async function (
      this: LeaderLock,
    ) {
      const acquired = await tryAcquire.call(this);
      if (acquired && standby && (standby as unknown as { leader: LeaderLock }).leader === this)
        stopped ??= standby.stop();
      return acquired;
    });
    try {
      const active = await start(tallyProjection('tallies-v1', 'tallies'));
      standby = await startProjection({
        nc,
        pool: db.pool,
        projection: tallyProjection('tallies-v1', 'tallies'),
        namespace,
        logger,
        standbyPollMs: 20,
      });
      await active.stop();
      const deadline = Date.now() + 10_000;
      while (!stopped && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(stopped).toBeDefined(); // the standby took the lock over
      await expect(settlesWithin(stopped!, 10_000)).resolves.toBe('settled');
    } finally {
      spy.mockRestore();
    }
    // The lock is free again: a new runner becomes the active one and applies new events.
    const next = tallyProjection('tallies-v1', 'tallies');
    const runner = await start(next);
    await runner.waitFor(await append('a', [1]));
    expect(next.applied).toEqual([1]);
  });

  it('survives its database connections being killed (lock included) and resumes from the checkpoint', async () => {
    const p = tallyProjection('tallies-v1', 'tallies');
    const runner = await start(p);
    await runner.waitFor(await append('a', [1, 2]));
    const admin = await db.pool.connect();
    try {
      const { rowCount } = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      admin.release();
    }
    const last = await append('a', [3, 4]);
    await runner.waitFor(last, 20_000);
    expect(p.applied).toEqual([1, 2, 3, 4]);
    expect(await readTallies(db.pool, 'tallies')).toEqual([{ id: 'a', total: 10, events: 4, last_seq: '4' }]);
  });

  it('a consumer that is gone (deleted, or its memory-held state lost with a server restart) is recreated from the checkpoint', async () => {
    const p = tallyProjection('tallies-v1', 'tallies');
    const runner = await start(p);
    await runner.waitFor(await append('a', [1, 2]));
    const jsm = await nc.jetstreamManager();
    const stream = streamName('ledger', namespace);
    // Its state is the checkpoint's: nats-server keeps the consumer's own in memory only.
    expect((await jsm.consumers.info(stream, 'tallies-v1')).config.mem_storage).toBe(true);
    await jsm.consumers.delete(stream, 'tallies-v1');
    const last = await append('a', [3, 4]);
    await runner.waitFor(last, 20_000);
    expect(p.applied).toEqual([1, 2, 3, 4]);
    expect(await readTallies(db.pool, 'tallies')).toEqual([{ id: 'a', total: 10, events: 4, last_seq: '4' }]);
  });

  it('waitFor rejects after its timeout when the sequence never comes', async () => {
    const runner = await start(tallyProjection('tallies-v1', 'tallies'));
    await expect(runner.waitFor(1000, 200)).rejects.toThrow(/timed out after 200 ms/);
  });
});
