/**
 * Event store benchmark: appends across many aggregates with a configurable number of concurrent
 * writers, then measures load(). Runs against the local NATS in a random namespace and deletes
 * its stream at the end.
 *
 *   EVENTS=40000 AGGREGATES=2000 CONCURRENCY=4 BATCH=1 MAX_SECONDS=120 npm run bench:eventstore
 */
import { randomUUID } from 'node:crypto';
import {
  ConcurrencyError,
  ensureStream,
  EventStore,
  executeCommand,
  type Decider,
  type DomainEvent,
} from '@parley/eventstore';
import { connectTestNats, deleteNamespaceStreams, randomNamespace } from '@parley/testing';
import { cpus } from 'node:os';
import { deadline, intSetting } from './settings';
import { elapsedMs, formatLatency, round, summarize } from './stats';

const EVENTS = intSetting('EVENTS', 40_000);
const AGGREGATES = intSetting('AGGREGATES', 2_000);
const CONCURRENCY = intSetting('CONCURRENCY', 4);
const BATCH = intSetting('BATCH', 1);
const MAX_SECONDS = intSetting('MAX_SECONDS', 120);
const LOAD_SAMPLES = intSetting('LOAD_SAMPLES', 2_000);

const event = (n: number): DomainEvent => ({
  type: 'BenchEventRecorded',
  data: { n, note: 'a typical small event payload of some tens of bytes' },
});

async function main(): Promise<void> {
  // Production connections should set noAsyncTraces: nats.js otherwise captures a stack trace
  // per request (~10% of the client's CPU per append). ASYNC_TRACES=1 measures with them.
  const nc = await connectTestNats({ noAsyncTraces: process.env.ASYNC_TRACES !== '1' });
  const namespace = randomNamespace();
  const budget = deadline(MAX_SECONDS);
  try {
    await ensureStream(nc, 'bench', namespace);
    // The cache holds every bench aggregate, as a service's cache would hold its hot set.
    const store = new EventStore(nc, { context: 'bench', namespace, cacheSize: AGGREGATES + 10 });
    console.log(
      `eventstore-append: ${EVENTS} events, ${AGGREGATES} aggregates, ${CONCURRENCY} writers, ${BATCH} event(s)/append, ${cpus().length} cores, namespace ${namespace}`,
    );

    // Each writer owns the aggregates a with a % CONCURRENCY == writer and keeps their versions,
    // so appends do not conflict with one another: this measures the append path itself.
    const versions = new Map<number, number>();
    const latencies: number[] = [];
    let appended = 0;
    let conflicts = 0;
    let next = 0;
    const appends = Math.ceil(EVENTS / BATCH);
    const writer = async (w: number) => {
      const mine: number[] = [];
      for (let a = w; a < AGGREGATES; a += CONCURRENCY) mine.push(a);
      if (mine.length === 0) return;
      let turn = 0;
      while (!budget.passed()) {
        if (next >= appends) return;
        next++;
        const a = mine[turn++ % mine.length]!;
        const subject = store.subject('item', `a${a}`);
        const events = Array.from({ length: BATCH }, (_, i) => event(appended + i));
        const t = process.hrtime.bigint();
        try {
          const r = await store.append(subject, events, {
            expectedVersion: versions.get(a) ?? 0,
            commandId: randomUUID(),
          });
          latencies.push(elapsedMs(t));
          versions.set(a, r.version);
          appended += events.length;
        } catch (e) {
          if (!(e instanceof ConcurrencyError)) throw e;
          conflicts++;
        }
      }
    };
    const started = process.hrtime.bigint();
    const cpuBefore = process.cpuUsage();
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => writer(w)));
    const seconds = elapsedMs(started) / 1000;
    // The writer's own CPU (the store's append path: encode, publish, ack, cache), which does not
    // move with other processes' load as throughput does.
    const cpu = process.cpuUsage(cpuBefore);
    const cpuUsPerEvent = round((cpu.user + cpu.system) / Math.max(1, appended), 1);
    const append = summarize(latencies);
    console.log(formatLatency(`append (${BATCH} event/append)`, append));
    console.log(
      `throughput: ${Math.round(appended / seconds)} events/s (${appended} events in ${round(seconds, 2)} s), conflicts: ${conflicts}; writer CPU ${cpuUsPerEvent} µs per event`,
    );

    // load(): an unknown aggregate (the "is it new?" path), a short one, and a long one read
    // with direct gets only versus streamed through an ordered consumer.
    const loads = await measureLoads(store, nc, namespace, budget);
    for (const [label, s] of Object.entries(loads)) console.log(formatLatency(label, s));

    console.log(
      JSON.stringify({
        bench: 'eventstore-append',
        events: appended,
        aggregates: AGGREGATES,
        concurrency: CONCURRENCY,
        batch: BATCH,
        seconds: round(seconds, 2),
        eventsPerSecond: Math.round(appended / seconds),
        cpuUsPerEvent,
        conflicts,
        appendLatencyMs: append,
        loadLatencyMs: loads,
        targets: { p99BelowMs: 5, eventsPerSecondAtLeast: 5000 },
        met: { p99: append.p99 < 5, throughput: appended / seconds >= 5000 },
      }),
    );
    if (budget.passed()) console.log(`note: stopped at the ${MAX_SECONDS}s budget`);
  } finally {
    await deleteNamespaceStreams(nc, namespace);
    await nc.close();
  }
}

async function measureLoads(
  store: EventStore,
  nc: Awaited<ReturnType<typeof connectTestNats>>,
  namespace: string,
  budget: { passed(): boolean },
) {
  const samples = Math.max(10, Math.floor(LOAD_SAMPLES / 4));
  const time = async (n: number, run: (i: number) => Promise<unknown>) => {
    const out: number[] = [];
    for (let i = 0; i < n && !budget.passed(); i++) {
      const t = process.hrtime.bigint();
      await run(i);
      out.push(elapsedMs(t));
    }
    return summarize(out);
  };
  // Prepare a 5-event and a 50-event aggregate.
  const short = store.subject('item', 'short');
  const long = store.subject('item', 'long');
  const one = store.subject('item', 'one');
  await store.append(one, [event(0)], { expectedVersion: 0, commandId: randomUUID() });
  let v = 0;
  for (let i = 0; i < 5; i++)
    v = (await store.append(short, [event(i)], { expectedVersion: v, commandId: randomUUID() })).version;
  v = 0;
  for (let i = 0; i < 50; i++)
    v = (await store.append(long, [event(i)], { expectedVersion: v, commandId: randomUUID() })).version;
  const cold = new EventStore(nc, { context: 'bench', namespace, cacheSize: 0 });
  const consumerOnly = new EventStore(nc, { context: 'bench', namespace, directReadLimit: 0, cacheSize: 0 });
  const directOnly = new EventStore(nc, { context: 'bench', namespace, directReadLimit: 1000, cacheSize: 0 });
  const perAggregate = Math.round(EVENTS / AGGREGATES);
  return {
    'load unknown aggregate': await time(LOAD_SAMPLES, (i) =>
      store.load(store.subject('item', `missing${i}`)),
    ),
    [`load ~${perAggregate} events, cold`]: await time(LOAD_SAMPLES, (i) =>
      cold.load(store.subject('item', `a${i % AGGREGATES}`)),
    ),
    [`load ~${perAggregate} events, cold, consumer only`]: await time(LOAD_SAMPLES, (i) =>
      consumerOnly.load(store.subject('item', `a${i % AGGREGATES}`)),
    ),
    [`load ~${perAggregate} events, cached`]: await time(LOAD_SAMPLES, (i) =>
      store.load(store.subject('item', `a${i % AGGREGATES}`)),
    ),
    'load 1 event, cold': await time(samples, () => cold.load(one)),
    'load 5 events, cold': await time(samples, () => cold.load(short)),
    'load 5 events, cold, consumer only': await time(samples, () => consumerOnly.load(short)),
    'load 50 events, cold': await time(samples, () => cold.load(long)),
    'load 50 events, cold, direct gets': await time(samples, () => directOnly.load(long)),
    'load 50 events, cold, consumer only': await time(samples, () => consumerOnly.load(long)),
    'executeCommand (cached aggregate)': await time(samples, (i) =>
      executeCommand(store, long, counter, i, { commandId: randomUUID() }),
    ),
  };
}

/** load -> decide -> append round trip for the bench: every command appends one event. */
const counter: Decider<number, DomainEvent, number> = {
  initialState: 0,
  evolve: (n) => n + 1,
  decide: (i) => [event(i)],
};

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
