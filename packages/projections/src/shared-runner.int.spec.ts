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
  createTallyTable,
  readTallies,
  tallyProjection,
  type TallyProjection,
  appendTallies,
} from './__fixtures__/tally-projection';
import { requestReplay } from './operator';
import {
  ensureProjectionSchema,
  resetProjection,
  startProjection,
  startSharedProjections,
  type ProjectionRunner,
} from './index';

const logger = createLogger('projections-test', 'silent');
const CONSUMER = 'tallies-shared-v1';

describe('shared projection runner (several projections over one consumer)', () => {
  let nc: NatsConnection;
  let db: TestDatabase;
  let namespace: string;
  let store: EventStore;
  let stream: string;
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    nc = await connectTestNats();
  });
  beforeEach(async () => {
    namespace = randomNamespace();
    stream = streamName('ledger', namespace);
    db = await createTestDatabase();
    await ensureStream(nc, 'ledger', namespace);
    store = new EventStore(nc, { context: 'ledger', namespace });
    await ensureProjectionSchema(db.pool);
    await createTallyTable(db.pool, 'tally_a');
    await createTallyTable(db.pool, 'tally_b');
  });
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((s) => s()));
    await deleteNamespaceStreams(nc, namespace);
    await db.drop();
  });
  afterAll(async () => {
    await nc.close();
  });

  const start = async (
    projections: TallyProjection[],
    extra: Partial<Parameters<typeof startSharedProjections>[0]> = {},
  ): Promise<ProjectionRunner[]> => {
    const runners = await startSharedProjections({
      nc,
      pool: db.pool,
      consumer: CONSUMER,
      projections,
      namespace,
      logger,
      retryDelayMs: 10,
      ...extra,
    });
    stops.push(() => runners[0]!.stop());
    return runners;
  };
  const append = (id: string, amounts: number[]) => appendTallies(store, id, amounts);
  const checkpoints = async () =>
    Object.fromEntries(
      (
        await db.pool.query<{ projection: string; position: string }>(
          'SELECT projection, position FROM projection_checkpoints',
        )
      ).rows.map((r) => [r.projection, Number(r.position)]),
    );
  const consumerNames = async () => {
    const names: string[] = [];
    for await (const c of (await nc.jetstreamManager()).consumers.list(stream)) names.push(c.name);
    return names;
  };
  const waitAll = (runners: ProjectionRunner[], seq: number, ms?: number) =>
    Promise.all(runners.map((r) => r.waitFor(seq, ms)));

  it('reads the stream through one consumer; each projection applies every event once, in order, with its own checkpoint', async () => {
    await append('a', [1, 2, 3]);
    const a = tallyProjection('tally-a-v1', 'tally_a');
    const b = tallyProjection('tally-b-v1', 'tally_b', {
      maxEventsPerTransaction: 8,
      recordTransactions: true,
    });
    const runners = await start([a, b]);
    const last = await append('b', [10, 20]);
    await waitAll(runners, last);
    expect(runners.map((r) => r.position())).toEqual([last, last]);
    expect(a.applied).toEqual([1, 2, 3, 4, 5]);
    expect(b.applied).toEqual([1, 2, 3, 4, 5]);
    const expected = [
      { id: 'a', total: 6, events: 3, last_seq: '3' },
      { id: 'b', total: 30, events: 2, last_seq: '5' },
    ];
    expect(await readTallies(db.pool, 'tally_a')).toEqual(expected);
    expect(await readTallies(db.pool, 'tally_b')).toEqual(expected);
    expect(await checkpoints()).toEqual({ 'tally-a-v1': 5, 'tally-b-v1': 5 });
    expect(await consumerNames()).toEqual([CONSUMER]);
    const info = await (await nc.jetstreamManager()).consumers.info(stream, CONSUMER);
    expect(info.delivered.consumer_seq).toBe(5); // each event delivered once for both
    expect(info.num_ack_pending).toBe(0);
  });

  it('events new to every projection are applied by all of them in one transaction, each with its own checkpoint', async () => {
    await append('a', [1, 2, 3]);
    const last = await append('b', [10, 20]);
    const options = { maxEventsPerTransaction: 8, recordTransactions: true };
    const a = tallyProjection('tally-a-v1', 'tally_a', options);
    const b = tallyProjection('tally-b-v1', 'tally_b', options);
    const runners = await start([a, b]);
    await waitAll(runners, last);
    expect(a.applied).toEqual([1, 2, 3, 4, 5]);
    expect(b.applied).toEqual([1, 2, 3, 4, 5]);
    // One transaction for both: a group costs one begin and claim and one commit, not one each.
    for (let seq = 1; seq <= last; seq++) expect(b.transactionOf.get(seq)).toBe(a.transactionOf.get(seq));
    expect(await checkpoints()).toEqual({ 'tally-a-v1': last, 'tally-b-v1': last });
    const expected = [
      { id: 'a', total: 6, events: 3, last_seq: '3' },
      { id: 'b', total: 30, events: 2, last_seq: '5' },
    ];
    expect(await readTallies(db.pool, 'tally_a')).toEqual(expected);
    expect(await readTallies(db.pool, 'tally_b')).toEqual(expected);
  });

  it('takes over from runners of their own: their consumers are removed, nothing is applied twice', async () => {
    const a = tallyProjection('tally-a-v1', 'tally_a');
    const b = tallyProjection('tally-b-v1', 'tally_b');
    const own = [
      await startProjection({ nc, pool: db.pool, projection: a, namespace, logger }),
      await startProjection({ nc, pool: db.pool, projection: b, namespace, logger }),
    ];
    await waitAll(own, await append('a', [1, 2]));
    await Promise.all(own.map((r) => r.stop()));
    expect((await consumerNames()).sort()).toEqual(['tally-a-v1', 'tally-b-v1']);
    const runners = await start([a, b]);
    const last = await append('a', [3]);
    await waitAll(runners, last);
    expect(a.applied).toEqual([1, 2, 3]);
    expect(b.applied).toEqual([1, 2, 3]);
    expect(await consumerNames()).toEqual([CONSUMER]);
  });

  it('crash after commit, before ack: starts after the lowest checkpoint, each projection skips what it has', async () => {
    await append('a', [1, 2, 3]);
    // A shared runner that crashed after committing events 1-3 for A and 1-2 for B, before its ack.
    const jsm = await nc.jetstreamManager();
    await jsm.consumers.add(stream, {
      durable_name: CONSUMER,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: `${namespace}.ledger.>`,
      ack_wait: 1_000_000_000,
    });
    const crashed = await nc.jetstream().consumers.get(stream, CONSUMER);
    for await (const m of await crashed.fetch({ max_messages: 3, expires: 2000 })) void m;
    await db.pool.query(`INSERT INTO tally_a VALUES ('a', 6, 3, 3)`);
    await db.pool.query(`INSERT INTO tally_b VALUES ('a', 3, 2, 2)`);
    await db.pool.query(
      `INSERT INTO projection_checkpoints (namespace, projection, stream, position)
       VALUES ($1, 'tally-a-v1', $2, 3), ($1, 'tally-b-v1', $2, 2)`,
      [namespace, stream],
    );
    const a = tallyProjection('tally-a-v1', 'tally_a');
    const b = tallyProjection('tally-b-v1', 'tally_b');
    const runners = await start([a, b]);
    const last = await append('a', [4]);
    await waitAll(runners, last);
    await new Promise((r) => setTimeout(r, 1500)); // the crashed deliveries' ack_wait: none may come back
    expect(a.applied).toEqual([4]);
    expect(b.applied).toEqual([3, 4]);
    const expected = [{ id: 'a', total: 10, events: 4, last_seq: '4' }];
    expect(await readTallies(db.pool, 'tally_a')).toEqual(expected);
    expect(await readTallies(db.pool, 'tally_b')).toEqual(expected);
  });

  it('a redelivered event (ack_wait expired while applying) is applied once by each', async () => {
    const last = await append('a', [1, 2, 3]);
    const a = tallyProjection('tally-a-v1', 'tally_a', { slowMs: 400 });
    const b = tallyProjection('tally-b-v1', 'tally_b', { slowMs: 400 });
    const runners = await start([a, b], { ackWaitMs: 1000, batchSize: 16 });
    await waitAll(runners, last, 20_000);
    const info = await (await nc.jetstreamManager()).consumers.info(stream, CONSUMER);
    expect(info.delivered.consumer_seq).toBeGreaterThan(3);
    expect(a.applied).toEqual([1, 2, 3]);
    expect(b.applied).toEqual([1, 2, 3]);
  });

  it('a poison event is retried and parked for the projection that refuses it only; the other applies it, and a replay applies it once', async () => {
    await append('a', [1]);
    const poison = await append('a', [13]);
    const last = await append('a', [2]);
    let refuse = true;
    const a = tallyProjection('tally-a-v1', 'tally_a', {
      failWhen: (e) => refuse && (e.data as { amount: number }).amount === 13,
      maxEventsPerTransaction: 8,
    });
    const b = tallyProjection('tally-b-v1', 'tally_b', { maxEventsPerTransaction: 8 });
    const runners = await start([a, b], { maxDeliver: 3, replayPollMs: 100 });
    await waitAll(runners, last);
    expect(a.applied.filter((s) => s === poison).length).toBeGreaterThanOrEqual(3);
    expect(await readTallies(db.pool, 'tally_a')).toEqual([
      { id: 'a', total: 3, events: 2, last_seq: String(last) },
    ]);
    expect(await readTallies(db.pool, 'tally_b')).toEqual([
      { id: 'a', total: 16, events: 3, last_seq: String(last) },
    ]);
    const letters = await db.pool.query(
      'SELECT id, projection, stream_sequence, attempts FROM projection_dead_letters',
    );
    expect(letters.rows).toEqual([
      { id: expect.anything(), projection: 'tally-a-v1', stream_sequence: String(poison), attempts: 3 },
    ]);
    // Nothing is left for the server to deliver again.
    expect((await (await nc.jetstreamManager()).consumers.info(stream, CONSUMER)).num_ack_pending).toBe(0);

    refuse = false;
    await requestReplay(db.pool, Number(letters.rows[0].id));
    const deadline = Date.now() + 10_000;
    while ((await readTallies(db.pool, 'tally_a'))[0]!.total !== 16 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(await readTallies(db.pool, 'tally_a')).toEqual([
      { id: 'a', total: 16, events: 3, last_seq: String(poison) },
    ]);
    expect(await readTallies(db.pool, 'tally_b')).toEqual([
      { id: 'a', total: 16, events: 3, last_seq: String(last) },
    ]);
  });

  it('a message that is not a readable event is parked for each projection without calling apply', async () => {
    await nc.jetstream().publish(store.subject('tally', 'junk'), new TextEncoder().encode('not json'));
    const last = await append('a', [1]);
    const a = tallyProjection('tally-a-v1', 'tally_a');
    const b = tallyProjection('tally-b-v1', 'tally_b');
    const runners = await start([a, b]);
    await waitAll(runners, last);
    expect(a.applied).toEqual([last]);
    expect(b.applied).toEqual([last]);
    const { rows } = await db.pool.query(
      'SELECT projection, attempts FROM projection_dead_letters ORDER BY projection',
    );
    expect(rows).toEqual([
      { projection: 'tally-a-v1', attempts: 1 },
      { projection: 'tally-b-v1', attempts: 1 },
    ]);
  });

  it('resetProjection of one projection rebuilds it alone: the other applies nothing again', async () => {
    const a = tallyProjection('tally-a-v1', 'tally_a', { maxEventsPerTransaction: 8 });
    const b = tallyProjection('tally-b-v1', 'tally_b', { maxEventsPerTransaction: 8 });
    let runners = await start([a, b]);
    const first = await append('a', [1, 2, 3]);
    await waitAll(runners, first);
    const before = await readTallies(db.pool, 'tally_b');
    await expect(resetProjection(nc, db.pool, 'tally-b-v1', namespace)).rejects.toThrow(/is running/);
    await stops.pop()!();
    await resetProjection(nc, db.pool, 'tally-b-v1', namespace);
    await db.pool.query('TRUNCATE tally_b');
    expect(await checkpoints()).toEqual({ 'tally-a-v1': first });
    a.applied.length = 0;
    b.applied.length = 0;
    runners = await start([a, b]);
    await waitAll(runners, first);
    expect(await readTallies(db.pool, 'tally_b')).toEqual(before);
    expect(b.applied).toEqual([1, 2, 3]);
    expect(a.applied).toEqual([]);
    const last = await append('a', [4]);
    await waitAll(runners, last);
    expect(a.applied).toEqual([4]);
    expect(b.applied).toEqual([1, 2, 3, 4]);
  });

  it('one active shared runner: a second replica stands by and takes over when the first stops', async () => {
    const a1 = tallyProjection('tally-a-v1', 'tally_a');
    const b1 = tallyProjection('tally-b-v1', 'tally_b');
    const a2 = tallyProjection('tally-a-v1', 'tally_a');
    const b2 = tallyProjection('tally-b-v1', 'tally_b');
    const active = await start([a1, b1]);
    const standby = await start([a2, b2], { standbyPollMs: 100 });
    const first = await append('a', [1, 2]);
    await waitAll(active, first);
    await waitAll(standby, first); // follows the checkpoints while standing by
    expect([...a2.applied, ...b2.applied]).toEqual([]);
    await active[1]!.stop(); // any member's stop stops the group
    const last = await append('a', [3]);
    await waitAll(standby, last);
    expect(a1.applied).toEqual([1, 2]);
    expect(b1.applied).toEqual([1, 2]);
    expect(a2.applied).toEqual([3]);
    expect(b2.applied).toEqual([3]);
  });

  it('survives its database connections being killed (locks included) and resumes from the checkpoints', async () => {
    const a = tallyProjection('tally-a-v1', 'tally_a');
    const b = tallyProjection('tally-b-v1', 'tally_b');
    const runners = await start([a, b], { standbyPollMs: 100 });
    await waitAll(runners, await append('a', [1, 2]));
    await db.pool.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    const last = await append('a', [3, 4]);
    await waitAll(runners, last, 20_000);
    const expected = [{ id: 'a', total: 10, events: 4, last_seq: '4' }];
    expect(await readTallies(db.pool, 'tally_a')).toEqual(expected);
    expect(await readTallies(db.pool, 'tally_b')).toEqual(expected);
  });

  it('refuses projections that read other subjects, and a single projection', async () => {
    const a = tallyProjection('tally-a-v1', 'tally_a');
    await expect(
      start([a, tallyProjection('tally-b-v1', 'tally_b', { aggregate: 'other' })]),
    ).rejects.toThrow(/other subjects/);
    await expect(start([a])).rejects.toThrow(/two or more/);
  });
});
