/**
 * Projection benchmark: how many events per second a projection applies into PostgreSQL
 * (one transaction per event with its checkpoint). Fills a random-namespace stream, then times
 * a runner catching up from the first event. Uses a throwaway database; removes it and the
 * stream at the end.
 *
 *   EVENTS=20000 AGGREGATES=500 BATCH_SIZE=256 MAX_SECONDS=120 npm run bench:projection
 */
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { ensureStream, EventStore, type DomainEvent } from '@parley/eventstore';
import { createLogger } from '@parley/logger';
import { ensureProjectionSchema, startProjection, type Projection } from '@parley/projections';
import {
  connectTestNats,
  createTestDatabase,
  deleteNamespaceStreams,
  randomNamespace,
} from '@parley/testing';
import { deadline, intSetting } from './settings';
import { elapsedMs, round } from './stats';

const EVENTS = intSetting('EVENTS', 20_000);
const AGGREGATES = intSetting('AGGREGATES', 500);
const BATCH_SIZE = intSetting('BATCH_SIZE', 256);
const WRITERS = intSetting('WRITERS', 64);
const MAX_SECONDS = intSetting('MAX_SECONDS', 120);
/** GROUP=n: up to n waiting events per transaction (the projection's maxEventsPerTransaction). */
const GROUP = intSetting('GROUP', 1);
/** SYNCHRONOUS_COMMIT=1 waits for every transaction's WAL flush (the runner's synchronousCommit option). */
const SYNCHRONOUS_COMMIT = process.env.SYNCHRONOUS_COMMIT === '1';

/** APPLY=none applies nothing but the checkpoint: the runner's own cost per event. */
const APPLY_NOTHING = process.env.APPLY === 'none';

const projection: Projection = {
  name: 'bench-totals-v1',
  context: 'bench',
  maxEventsPerTransaction: GROUP,
  async apply(tx, event) {
    if (APPLY_NOTHING) return;
    const { amount } = event.data as { amount: number };
    await tx.query(
      `INSERT INTO bench_totals (id, total, events, last_seq) VALUES ($1, $2, 1, $3)
       ON CONFLICT (id) DO UPDATE SET total = bench_totals.total + $2, events = bench_totals.events + 1, last_seq = $3`,
      [event.subject.slice(event.subject.lastIndexOf('.') + 1), amount, event.sequence],
    );
  },
};

async function main(): Promise<void> {
  const budget = deadline(MAX_SECONDS);
  // Production connections should set noAsyncTraces: nats.js otherwise captures a stack trace
  // per request (~10% of the client's CPU per append). ASYNC_TRACES=1 measures with them.
  const nc = await connectTestNats({ noAsyncTraces: process.env.ASYNC_TRACES !== '1' });
  const namespace = randomNamespace();
  const db = await createTestDatabase();
  try {
    console.log(
      `projection-throughput: ${EVENTS} events over ${AGGREGATES} aggregates, pull batch ${BATCH_SIZE}, up to ${GROUP} per transaction, synchronous_commit ${SYNCHRONOUS_COMMIT ? 'on' : 'off'}, ${cpus().length} cores, namespace ${namespace}, database ${db.name}`,
    );
    await ensureStream(nc, 'bench', namespace);
    const store = new EventStore(nc, { context: 'bench', namespace });
    await ensureProjectionSchema(db.pool);
    await db.pool.query(
      'CREATE TABLE bench_totals (id text PRIMARY KEY, total bigint NOT NULL, events int NOT NULL, last_seq bigint NOT NULL)',
    );

    // Fill the stream (not timed as projection work).
    const versions = new Map<number, number>();
    let next = 0;
    let lastSeq = 0;
    let expectedTotal = 0;
    const fillStart = process.hrtime.bigint();
    // Each writer owns the aggregates a with a % WRITERS == w, so fills never conflict.
    await Promise.all(
      Array.from({ length: Math.min(WRITERS, AGGREGATES) }, async (_, w) => {
        const mine: number[] = [];
        for (let a = w; a < AGGREGATES; a += WRITERS) mine.push(a);
        for (let turn = 0; next < EVENTS && !budget.passed(); turn++) {
          const i = next++;
          const a = mine[turn % mine.length]!;
          const amount = (i % 7) + 1;
          const event: DomainEvent = { type: 'BenchAmountAdded', data: { amount } };
          const r = await store.append(store.subject('item', `a${a}`), [event], {
            expectedVersion: versions.get(a) ?? 0,
            commandId: randomUUID(),
          });
          versions.set(a, r.version);
          lastSeq = Math.max(lastSeq, r.version);
          expectedTotal += amount;
        }
      }),
    );
    console.log(`filled ${lastSeq} events in ${round(elapsedMs(fillStart) / 1000, 2)} s`);

    const logger = createLogger('bench', 'warn');
    const started = process.hrtime.bigint();
    const runner = await startProjection({
      nc,
      pool: db.pool,
      projection,
      namespace,
      logger,
      batchSize: BATCH_SIZE,
      synchronousCommit: SYNCHRONOUS_COMMIT,
    });
    try {
      await runner.waitFor(lastSeq, Math.max(1000, budget.ms - 1000));
    } finally {
      await runner.stop();
    }
    const seconds = elapsedMs(started) / 1000;
    const { rows } = await db.pool.query<{ total: string; events: string }>(
      'SELECT sum(total) AS total, sum(events) AS events FROM bench_totals',
    );
    const applied = Number(rows[0]?.events ?? 0);
    if (APPLY_NOTHING) {
      if (runner.position() !== lastSeq)
        throw new Error(`checkpoint at ${runner.position()}, want ${lastSeq}`);
    } else if (applied !== lastSeq || Number(rows[0]?.total) !== expectedTotal) {
      throw new Error(
        `read model is wrong: ${applied} events applied (want ${lastSeq}), total ${rows[0]?.total} (want ${expectedTotal})`,
      );
    }
    const count = APPLY_NOTHING ? lastSeq : applied;
    console.log(
      `catch-up${APPLY_NOTHING ? ' (checkpoint only)' : ''}: ${count} events applied in ${round(seconds, 2)} s = ` +
        `${Math.round(count / seconds)} events/s (${APPLY_NOTHING ? 'checkpoint' : 'read model'} verified)`,
    );
    console.log(
      JSON.stringify({
        bench: 'projection-throughput',
        apply: APPLY_NOTHING ? 'none' : 'upsert',
        events: count,
        aggregates: AGGREGATES,
        batchSize: BATCH_SIZE,
        maxEventsPerTransaction: GROUP,
        synchronousCommit: SYNCHRONOUS_COMMIT,
        seconds: round(seconds, 2),
        eventsPerSecond: Math.round(count / seconds),
      }),
    );
  } finally {
    await db.drop();
    await deleteNamespaceStreams(nc, namespace);
    await nc.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
