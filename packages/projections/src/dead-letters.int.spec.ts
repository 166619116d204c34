// Dead letters an operator can see and replay: the active runner applies a replay asked for,
// once, between its own events; one that fails again stays parked with the new error.
import { ensureStream, EventStore } from '@parley/eventstore';
import { createLogger } from '@parley/logger';
import {
  connectTestNats,
  createTestDatabase,
  deleteNamespaceStreams,
  eventually,
  randomNamespace,
  type TestDatabase,
} from '@parley/testing';
import type { NatsConnection } from 'nats';
import {
  appendTallies,
  createTallyTable,
  readTallies,
  tallyProjection,
} from './__fixtures__/tally-projection';
import {
  deadLetterCounts,
  ensureProjectionSchema,
  listDeadLetters,
  replayProgress,
  requestReplay,
  startProjection,
  type ProjectionRunner,
} from './index';

const logger = createLogger('projections-test', 'silent');

describe('dead letters: list, replay, counts', () => {
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

  const start = async (projection: ReturnType<typeof tallyProjection>) => {
    const runner = await startProjection({
      nc,
      pool: db.pool,
      projection,
      namespace,
      logger,
      maxDeliver: 1,
      replayPollMs: 50,
    });
    runners.push(runner);
    return runner;
  };
  const append = (id: string, amounts: number[]) => appendTallies(store, id, amounts);
  /** Waits until the replay asked for now has an outcome. */
  const replay = async (id: number) => {
    const asked = await requestReplay(db.pool, id);
    if (asked.kind !== 'requested') return asked;
    return eventually(async () => {
      const progress = await replayProgress(db.pool, id, asked.requestedAt);
      expect(progress.kind).not.toBe('waiting');
      return progress;
    });
  };

  it('lists a parked event with its error, counts it per projection, and a replay applies it once it can be', async () => {
    let broken = true;
    const p = tallyProjection('tallies-v1', 'tallies', {
      failWhen: (e) => broken && (e.data as { amount: number }).amount === 13,
    });
    await createTallyTable(db.pool, 'tallies_other');
    const runner = await start(p);
    const other = await start(tallyProjection('others-v1', 'tallies_other'));
    const poison = await append('a', [1, 13]);
    const last = await append('a', [2]);
    await runner.waitFor(last);
    await other.waitFor(last);

    const [letter, ...none] = await listDeadLetters(db.pool);
    expect(none).toEqual([]);
    expect(letter).toMatchObject({
      namespace,
      projection: 'tallies-v1',
      sequence: poison,
      eventType: 'TallyAdded',
      error: `Error: refusing event ${poison} (attempt 1)`,
      attempts: 1,
      replayRequestedAt: null,
    });
    expect(await deadLetterCounts(db.pool, namespace)).toEqual([
      { projection: 'others-v1', count: 0 },
      { projection: 'tallies-v1', count: 1 },
    ]);

    // Still broken: the replay fails again and the letter stays, with the new error.
    expect(await replay(letter!.id)).toEqual({
      kind: 'failed',
      error: `Error: refusing event ${poison} (attempt 2)`,
      attempts: 2,
    });
    expect(await readTallies(db.pool, 'tallies')).toEqual([
      { id: 'a', total: 3, events: 2, last_seq: String(last) },
    ]);

    broken = false;
    expect(await replay(letter!.id)).toMatchObject({ kind: 'replayed' });
    expect(await readTallies(db.pool, 'tallies')).toEqual([
      { id: 'a', total: 16, events: 3, last_seq: String(poison) },
    ]);
    expect(await listDeadLetters(db.pool)).toEqual([]);
    expect(await deadLetterCounts(db.pool, namespace)).toEqual([
      { projection: 'others-v1', count: 0 },
      { projection: 'tallies-v1', count: 0 },
    ]);
    // Asking again applies nothing more.
    expect(await replay(letter!.id)).toMatchObject({ kind: 'already-replayed' });
    await new Promise((r) => setTimeout(r, 200));
    expect(p.applied.filter((s) => s === poison)).toHaveLength(3);
    expect((await readTallies(db.pool, 'tallies'))[0]!.total).toBe(16);
    // The runner goes on as before.
    await runner.waitFor(await append('a', [4]));
    expect((await readTallies(db.pool, 'tallies'))[0]!.total).toBe(20);
  });

  it('a replay asked for while no runner is up is applied when one starts', async () => {
    let broken = true;
    const p = tallyProjection('tallies-v1', 'tallies', { failWhen: () => broken });
    const first = await start(p);
    await first.waitFor(await append('a', [5]));
    await first.stop();
    runners.splice(runners.indexOf(first), 1);
    const [letter] = await listDeadLetters(db.pool);
    const asked = await requestReplay(db.pool, letter!.id);
    expect(asked.kind).toBe('requested');
    if (asked.kind !== 'requested') return;
    await new Promise((r) => setTimeout(r, 200));
    expect(await replayProgress(db.pool, letter!.id, asked.requestedAt)).toEqual({ kind: 'waiting' });

    broken = false;
    await start(p);
    await eventually(async () =>
      expect(await replayProgress(db.pool, letter!.id, asked.requestedAt)).toMatchObject({
        kind: 'replayed',
      }),
    );
    expect(await readTallies(db.pool, 'tallies')).toEqual([{ id: 'a', total: 5, events: 1, last_seq: '1' }]);
  });

  it('an unknown letter is reported missing', async () => {
    expect(await requestReplay(db.pool, 424242)).toEqual({ kind: 'missing' });
  });
});
