import { randomUUID } from 'node:crypto';
import { ensureStream, EventStore, type DomainEvent, type RecordedEvent } from '@parley/eventstore';
import { createLogger } from '@parley/logger';
import {
  connectTestNats,
  createTestDatabase,
  deleteNamespaceStreams,
  randomNamespace,
  type TestDatabase,
} from '@parley/testing';
import type { NatsConnection } from 'nats';
import type { PoolClient } from 'pg';
import { collectStops } from './__fixtures__/collect-stops';
import { createTallyTable, readTallies, tallyProjection } from './__fixtures__/tally-projection';
import { ensureProjectionSchema, projectionStarter, type Projection } from './index';

const logger = createLogger('projections-test', 'silent');
const added = (amount: number): DomainEvent => ({ type: 'TallyAdded', data: { amount } });

/** Records the synchronous_commit setting each apply's transaction runs with. */
function commitModeProjection(name: string): Projection & { modes: string[] } {
  const modes: string[] = [];
  return {
    name,
    context: 'ledger',
    modes,
    async apply(tx: PoolClient, _event: RecordedEvent) {
      const { rows } = await tx.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
      modes.push(rows[0]!.synchronous_commit);
    },
  };
}

describe('projectionStarter', () => {
  let nc: NatsConnection;
  let db: TestDatabase;
  let namespace: string;
  let store: EventStore;
  let stops: ReturnType<typeof collectStops>;

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
    stops = collectStops();
  });
  afterEach(async () => {
    await stops.run();
    await deleteNamespaceStreams(nc, namespace);
    await db.drop();
  });
  afterAll(async () => {
    await nc.close();
  });

  /** Appends one event to a new tally; returns its stream sequence. */
  const append = async (id: string, amount: number) =>
    (
      await store.append(store.subject('tally', id), [added(amount)], {
        expectedVersion: 0,
        commandId: randomUUID(),
      })
    ).version;

  it('starts each projection with the shared options and adds its stop', async () => {
    const run = projectionStarter(stops, { nc, pool: db.pool, namespace, logger });
    const tallies = tallyProjection('tallies-v1', 'tallies');
    const runner = await run(tallies);
    expect(runner.name).toBe('tallies-v1');
    expect(stops.steps).toHaveLength(1);
    await runner.waitFor(await append('a', 2));
    expect(await readTallies(db.pool, 'tallies')).toEqual([{ id: 'a', total: 2, events: 1, last_seq: '1' }]);

    await stops.run();
    const later = await append('b', 3);
    // A stopped runner consumes nothing more: a fresh start of the same durable picks the event up.
    expect(tallies.applied).toEqual([1]);
    const again = await run(tallies);
    await again.waitFor(later);
    expect(tallies.applied).toEqual([1, 2]);
  });

  it("applies a projection's own options over the shared ones, for that projection only", async () => {
    const run = projectionStarter(stops, { nc, pool: db.pool, namespace, logger });
    const durable = commitModeProjection('durable-v1');
    const relaxed = commitModeProjection('relaxed-v1');
    const durableRunner = await run(durable, { synchronousCommit: true });
    const relaxedRunner = await run(relaxed);
    const last = await append('a', 1);
    await Promise.all([durableRunner.waitFor(last), relaxedRunner.waitFor(last)]);
    expect(durable.modes).toEqual(['on']);
    expect(relaxed.modes).toEqual(['off']);
    expect(stops.steps).toHaveLength(2);
  });

  it('shared: starts projections over one consumer, one runner each, and adds one stop for them all', async () => {
    const run = projectionStarter(stops, { nc, pool: db.pool, namespace, logger });
    await createTallyTable(db.pool, 'tallies_b');
    const a = tallyProjection('tallies-v1', 'tallies');
    const b = tallyProjection('tallies-b-v1', 'tallies_b');
    const runners = await run.shared('tallies-shared-v1', [a, b]);
    expect(runners.map((r) => r.name)).toEqual(['tallies-v1', 'tallies-b-v1']);
    expect(stops.steps).toHaveLength(1);
    const last = await append('a', 2);
    await Promise.all(runners.map((r) => r.waitFor(last)));
    expect([a.applied, b.applied]).toEqual([[1], [1]]);
    await stops.run();
    await append('b', 3);
    await new Promise((r) => setTimeout(r, 300));
    expect([a.applied, b.applied]).toEqual([[1], [1]]);
  });

  it('adds no stop for a projection that fails to start', async () => {
    const run = projectionStarter(stops, { nc, pool: db.pool, namespace, logger });
    await expect(run(tallyProjection('not a valid consumer name', 'tallies'))).rejects.toThrow();
    expect(stops.steps).toHaveLength(0);
  });
});
