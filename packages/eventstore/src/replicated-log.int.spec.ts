// The event log on a 3-node JetStream cluster (R3), as production runs it: appends under load, the
// stream's leader killed with SIGKILL, and then every acknowledged event must still be in the log
// at the sequence its acknowledgement gave, and writes must resume. The figures go to
// .run/replicated-log-report.json (docs/operations.md quotes them).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JetStreamManager, NatsConnection } from 'nats';
import {
  appendConcurrently,
  connectLeaderAndFollower,
  ensureReplicatedStream,
  randomNamespace,
  startNatsCluster,
  waitForCurrentReplicas,
  type NatsCluster,
} from '@parley/testing';
import { connectEventBus, ConcurrencyError, EventStore, exactGet } from './index';
import { directGet } from './direct-get';

const CONTEXT = 'ledger';
const WRITERS = 12;
const WARM_UP_MS = 2_000;
/** How long the load goes on once writes succeed again after the kill. */
const AFTER_RECOVERY_MS = 3_000;
const RECOVERY_LIMIT_MS = 45_000;
const READ_YOUR_WRITES_MS = 5_000;
const EVENTS_WHILE_STALLED = 24_000;
const READS_AFTER_WAKING_MS = 1_000;

interface Acked {
  eventId: string;
  sequence: number;
  at: number;
}

jest.setTimeout(180_000);

describe('the event log on a 3-node JetStream cluster', () => {
  let cluster: NatsCluster;
  let nc: NatsConnection;
  const namespace = randomNamespace();

  beforeAll(async () => {
    cluster = await startNatsCluster();
    nc = await connectEventBus(cluster.urls.join(','), 'replicated-log-test');
  });
  afterAll(async () => {
    await nc?.close();
    await cluster?.destroy();
  });

  it('keeps every acknowledged event and takes writes again after the leader is killed', async () => {
    const stream = await ensureReplicatedStream(nc, CONTEXT, namespace);
    const jsm = await nc.jetstreamManager();
    const before = await waitForCurrentReplicas(jsm, stream);
    expect(before.config.num_replicas).toBe(3);

    const store = new EventStore(nc, { context: CONTEXT, namespace, publishTimeoutMs: 2_000 });
    const acked = new Map<string, Acked[]>();
    let failedAttempts = 0;
    let killedAt = 0;
    let firstAckAfterKill = 0;
    let stop = false;

    const writer = async (w: number) => {
      const subject = store.subject('tally', `w${w}`);
      const mine: Acked[] = [];
      acked.set(subject, mine);
      let version = 0;
      for (let n = 0; !stop; n++) {
        const commandId = `w${w}-${n}`;
        // The same command again until it lands: its msgID makes a repeat after a lost
        // acknowledgement a duplicate, never a second event.
        for (;;) {
          const startedAt = Date.now();
          try {
            const r = await store.append(subject, [{ type: 'Added', data: { n } }], {
              expectedVersion: version,
              commandId,
            });
            const at = Date.now();
            mine.push({ eventId: r.events[0]!.eventId, sequence: r.version, at });
            if (killedAt && startedAt > killedAt && !firstAckAfterKill) firstAckAfterKill = at;
            version = r.version;
            break;
          } catch (e) {
            failedAttempts++;
            if (e instanceof ConcurrencyError) {
              // Stored by an attempt whose acknowledgement was lost, past the duplicate check.
              const loaded = await store.load(subject).catch(() => undefined);
              if (loaded) version = loaded.version;
              break;
            }
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      }
    };

    const load = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    await new Promise((r) => setTimeout(r, WARM_UP_MS));

    const leader = (await jsm.streams.info(stream)).cluster!.leader!;
    const ackedBeforeKill = count(acked);
    killedAt = Date.now();
    await cluster.kill(leader);

    const recoveryDeadline = killedAt + RECOVERY_LIMIT_MS;
    while (!firstAckAfterKill && Date.now() < recoveryDeadline) await new Promise((r) => setTimeout(r, 50));
    expect(firstAckAfterKill).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, AFTER_RECOVERY_MS));
    stop = true;
    await load;

    const afterKill = await waitForLeader(jsm, stream, leader);
    // Each writer's longest wait between two acknowledgements: how long its appends stalled.
    const stalls = [...acked.values()].map((list) => maxGap(list.map((a) => a.at)));

    // Read back through a store without a cache: what the log holds, not what this process saw.
    // Long histories go through an ordered consumer, which JetStream may place on the node that
    // is down: load must still answer, in bounded time.
    const reader = new EventStore(nc, { context: CONTEXT, namespace, cacheSize: 0 });
    let slowestLoadMs = 0;
    let missing = 0;
    let stored = 0;
    for (const [subject, list] of acked) {
      const loadStarted = Date.now();
      const { events } = await reader.load(subject);
      slowestLoadMs = Math.max(slowestLoadMs, Date.now() - loadStarted);
      stored += events.length;
      const bySequence = new Map(events.map((e) => [e.sequence, e.eventId]));
      for (const a of list) if (bySequence.get(a.sequence) !== a.eventId) missing++;
      // Nothing stored twice: every stored event is a distinct command.
      expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);
    }
    const total = count(acked);
    expect(missing).toBe(0);
    expect(stored).toBeGreaterThanOrEqual(total);
    expect(total - ackedBeforeKill).toBeGreaterThan(WRITERS);

    // The killed node comes back, catches up from its own store and the new leader.
    const restartedAt = Date.now();
    await cluster.start(leader);
    const caughtUp = await waitForCurrentReplicas(jsm, stream);
    const catchUpMs = Date.now() - restartedAt;
    expect(caughtUp.state.messages).toBe(stored);
    // With all three back, loads through an ordered consumer (long histories) read the same.
    const consumerReader = new EventStore(nc, {
      context: CONTEXT,
      namespace,
      cacheSize: 0,
      directReadLimit: 1,
    });
    for (const [subject, list] of acked) {
      const { events } = await consumerReader.load(subject);
      expect(events.length).toBeGreaterThanOrEqual(list.length);
    }

    const report = {
      natsServer: '2.9.10',
      nodes: 3,
      replicas: 3,
      writers: WRITERS,
      killed: leader,
      newLeader: afterKill.cluster!.leader,
      ackedBeforeKill,
      ackedAfterKill: total - ackedBeforeKill,
      acked: total,
      storedInLog: stored,
      lostAcknowledged: missing,
      failedAttempts,
      firstAckAfterKillMs: firstAckAfterKill - killedAt,
      longestWriterStallMs: Math.max(...stalls),
      medianWriterStallMs: median(stalls),
      slowestLoadWithNodeDownMs: slowestLoadMs,
      restartedNodeCaughtUpMs: catchUpMs,
    };
    const dir = join(__dirname, '..', '..', '..', '.run');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'replicated-log-report.json'), JSON.stringify(report, null, 2) + '\n');
    console.log(`replicated log: ${JSON.stringify(report)}`);
  });

  // Any replica may answer a direct get, a follower with what it has applied so far. Under load a
  // follower runs behind the acknowledgements, and a load that asked it for a subject's last event
  // missed events already acknowledged: 2,762 of them once, in the test above on CI.
  it('loads every acknowledged event at once through a connection to any node, under load', async () => {
    const ns = randomNamespace();
    await ensureReplicatedStream(nc, CONTEXT, ns);
    const writerStore = new EventStore(nc, { context: CONTEXT, namespace: ns });
    // One connection per node, as services spread over the cluster are.
    const readerConnections = await Promise.all(
      cluster.urls.map((url, i) => connectEventBus(url, `replicated-log-reader-${i}`)),
    );
    try {
      const readers = readerConnections.map(
        (c) => new EventStore(c, { context: CONTEXT, namespace: ns, cacheSize: 0 }),
      );
      let loads = 0;
      const stale: string[] = [];
      const until = Date.now() + READ_YOUR_WRITES_MS;
      await Promise.all(
        Array.from({ length: WRITERS }, async (_, w) => {
          const subject = writerStore.subject('tally', `r${w}`);
          let version = 0;
          for (let n = 0; Date.now() < until; n++) {
            const r = await writerStore.append(subject, [{ type: 'Added', data: { n } }], {
              expectedVersion: version,
              commandId: `r${w}-${n}`,
            });
            version = r.version;
            const reader = readers[n % readers.length]!;
            const loaded = await reader.load(subject);
            loads++;
            if (loaded.version < r.version || loaded.events.length < n + 1)
              stale.push(
                `${subject} acked ${r.version}, node ${n % readers.length} loaded ${loaded.version}`,
              );
          }
        }),
      );
      expect(loads).toBeGreaterThan(WRITERS * 10);
      expect(stale.slice(0, 5)).toEqual([]);
    } finally {
      await Promise.all(readerConnections.map((c) => c.close()));
    }
  });

  // A node that stood still (SIGSTOP) while the others took writes answers its clients as soon as
  // it runs again, before its replica has caught up with what the others acknowledged.
  it('answers reads exactly through a node that stalled while the others took writes', async () => {
    const ns = randomNamespace();
    const stream = await ensureReplicatedStream(nc, CONTEXT, ns);
    const jsm = await nc.jetstreamManager();
    const info = await waitForCurrentReplicas(jsm, stream);
    const {
      toLeader: writerConnection,
      toFollower: readerConnection,
      follower: stalled,
    } = await connectLeaderAndFollower(cluster, info, 'replicated-log');
    try {
      const writerStore = new EventStore(writerConnection, { context: CONTEXT, namespace: ns });
      const reader = new EventStore(readerConnection, { context: CONTEXT, namespace: ns, cacheSize: 0 });
      const acked = await cluster.whilePaused(stalled.name, () =>
        appendConcurrently(writerStore, {
          aggregate: 'tally',
          writers: WRITERS,
          eachWrites: EVENTS_WHILE_STALLED / WRITERS,
        }),
      );
      // Right after it wakes, while its replica catches up: loads, exact gets, and plain direct
      // gets as the control.
      const last = Math.max(...acked.values());
      const subjects = [...acked.keys()];
      const loads = subjects.map(async (subject) => {
        const { version } = await reader.load(subject);
        return version === acked.get(subject)
          ? []
          : [`${subject} loaded ${version} of ${acked.get(subject)}`];
      });
      const stale: string[] = [];
      let controlMisses = 0;
      let rounds = 0;
      for (const until = Date.now() + READS_AFTER_WAKING_MS; Date.now() < until; rounds++) {
        const [exact, plain] = await Promise.all([
          exactGet(readerConnection, stream, { seq: last }, 5_000),
          directGet(readerConnection, stream, { seq: last }, 5_000),
        ]);
        if (exact?.seq !== last) stale.push(`sequence ${last} read as ${exact?.seq}`);
        if (!plain) controlMisses++;
      }
      stale.push(...(await Promise.all(loads)).flat());
      console.log(
        `stalled node: ${controlMisses} of ${rounds} plain direct gets missed the last event after it woke`,
      );
      expect(rounds).toBeGreaterThan(10);
      expect(stale.slice(0, 5)).toEqual([]);
    } finally {
      await Promise.all([writerConnection.close(), readerConnection.close()]);
    }
  });
});

async function waitForLeader(jsm: JetStreamManager, stream: string, not: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const info = await jsm.streams.info(stream).catch(() => undefined);
    if (info?.cluster?.leader && info.cluster.leader !== not) return info;
    if (Date.now() > deadline) throw new Error(`stream ${stream} has no new leader`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function count(acked: Map<string, Acked[]>): number {
  let n = 0;
  for (const list of acked.values()) n += list.length;
  return n;
}

function maxGap(times: number[]): number {
  let gap = 0;
  for (let i = 1; i < times.length; i++) gap = Math.max(gap, times[i]! - times[i - 1]!);
  return gap;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
