/**
 * Realtime benchmark: visitor-to-dashboard delivery with many connected widget sockets, and the
 * gateway's memory per idle widget socket.
 *
 * The gateway runs in its own process (realtime-gateway.ts) on the local Redis and NATS, in a
 * random namespace. This process plays the clients: SOCKETS widget sockets (visitor tokens) and
 * one dashboard socket (an owner token, verified by the gateway against a JWKS served here)
 * subscribed to chat-global. Latency = from just before a visitor's message is sent to the
 * dashboard's 'customer-message' for it (one clock). The dashboard socket and the JetStream
 * watcher run on a worker thread of their own (dashboard-observer.ts), so a receipt is not stamped
 * late behind the visitor sockets' traffic on this thread.
 *
 * SOURCE=widget (default), the whole path: the conversations service runs too (its own process
 * and throwaway database); each visitor opens a widget session, writes a first message (which
 * opens their room) and subscribes its socket to the room; messages are POST /api/widget/messages
 * -> gateway -> conversations (decide, append to JetStream) -> the gateway's relay (Redis replay
 * buffer, Socket.IO Redis adapter) -> the dashboard socket.
 * SOURCE=events, the gateway's realtime path alone: this process appends the MessagePosted events
 * conversations would append (one room per visitor); widget sockets connect but do not subscribe
 * (no conversations to ask).
 *
 * Phases: memory (after GC, before and after the widget sockets connect), sustained RATE msg/s for
 * SECONDS, then a burst of BURST messages with CONCURRENCY in flight (end-to-end msg/s and lost).
 *
 * GATEWAYS=N runs N gateway processes (replicas sharing rooms through the Redis adapter and the
 * relay's durable consumer, as deployed). GATEWAY_ROLES=shared (default): visitor i's POSTs and
 * socket both go to gateway i mod N; GATEWAY_ROLES=split: every POST to gateway 0, the widget
 * sockets over gateways 1..N-1. The dashboard is on gateway 0 either way.
 *
 * SEND=socket (default): after the first message (a POST, which opens the room) visitors send
 * 'visitor-message' on their widget socket, as the widget does; SEND=post: every message a POST.
 *
 * REFERENCE=1: after the product's run, the same phases against reference-server.ts (the
 * thinnest server with the same delivery guarantees; its visitors send over their sockets), then
 * the product / reference ratios (reference-ratios.ts).
 * STORM=1 (SOURCE=widget, the product's run): after the burst, the reconnect storm (storm.ts);
 * the widget sockets then reconnect and resubscribe as the widget's do (room-follower.ts).
 * HEAP_PROFILE_DIR=<dir>: the gateways sample their allocations over the sustained phase (V8's
 * sampling heap profiler, collected objects included; HEAP_PROFILE_INTERVAL bytes between
 * samples, default 4096), print KB allocated per delivered message and write the profiles there
 * (tools/heap-profile-summary.mjs summarises one by function).
 * HEAP_SNAPSHOT_DIR=<dir>: each server writes a heap snapshot at every memory ask (child-ipc.ts)
 * and once more halfway through the sustained phase, after a full collection: what outlives a
 * message (tools/heap-diff.mjs against the one after the sockets connected).
 * SOCKETS=10000 needs a file-descriptor limit above ~10,500 (the npm script raises the soft limit
 * to the hard one).
 *
 *   SOURCE=widget SOCKETS=2000 RATE=200 SECONDS=30 BURST=20000 CONCURRENCY=64 GATEWAYS=2 npm run bench:realtime
 *   REFERENCE=1 STORM=1 npm run bench:realtime
 */
import { randomUUID } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import {
  ClientSocketEvent,
  ConversationsEvent,
  type MessagePosted,
  type SubscribeAck,
  type VisitorMessageAck,
} from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { connectTestNats, randomNamespace } from '@parley/testing';
import { io, type Socket } from 'socket.io-client';
import { REALTIME_RETRY_BASE_MS } from '@parley/contracts';
import { referenceRatios, type Results } from './reference-ratios';
import {
  createVisitors,
  postJson,
  startStack,
  type RunSettings,
  type Stack,
  type Target,
} from './realtime-setup';
import {
  askLoopDelay,
  askMemory,
  heapSampling,
  cleanUp,
  cpuSecondsOf,
  machineBusySeconds,
  serverProcesses,
  ownServerSecondsBetween,
  serverSecondsBetween,
  serverWritesBetween,
  writeCallsOf,
  serveJwks,
  type Memory,
} from './realtime-stack';
import { startDashboardThread, stamp } from './dashboard-thread';
import { RoomFollower } from './room-follower';
import { deadline, intSetting } from './settings';
import { round, slowestSplit, summarize, type Split } from './stats';
import { writeSplits } from './split-file';
import { runStorm } from './storm';

const SOURCE = process.env.SOURCE === 'events' ? 'events' : 'widget';
const SOCKETS = intSetting('SOCKETS', 2000);
const RATE = intSetting('RATE', 200);
const SECONDS = intSetting('SECONDS', 30);
const BURST = intSetting('BURST', 20_000);
const CONCURRENCY = intSetting('CONCURRENCY', 64);
const MAX_SECONDS = intSetting('MAX_SECONDS', 600);
/** Visitors set up at once (a crowd arrives over time, not in one tick). */
const SETUP_BATCH = intSetting('SETUP_BATCH', 50);
const GATEWAYS = intSetting('GATEWAYS', 1);
const ROLES = process.env.GATEWAY_ROLES === 'split' ? 'split' : 'shared';
/** SOURCE=widget: how a visitor sends after its first message (a POST, as the widget's): over its socket, as the widget does, or POST. */
const SEND = process.env.SEND === 'post' ? 'post' : 'socket';
/**
 * The "in JetStream -> dashboard" watcher costs NATS a delivery and the bench a JSON parse per
 * message that production does not have: it runs in the warm-up and the sustained phase, and in
 * the burst only with WATCH_BURST=1, so that the burst's CPU per message is the product's.
 */
const WATCH_BURST = process.env.WATCH_BURST === '1';
/**
 * NATS_SERVER_PID: the pid of a nats-server of this run's own (NATS_URL pointing at it), reported
 * alone as "nats-own": the "nats" figure sums every nats-server on the machine, whoever it served.
 */
const NATS_SERVER_PID = process.env.NATS_SERVER_PID ? intSetting('NATS_SERVER_PID', 0) : undefined;
/**
 * POSTGRES_SERVER_PID: the postmaster pid of a PostgreSQL server of this run's own
 * (TEST_DATABASE_SERVER_URL pointing at it), reported with its backends as "postgresql-own": the
 * "postgresql" figure sums every postgres process on the machine, whoever it served.
 */
const POSTGRES_SERVER_PID = process.env.POSTGRES_SERVER_PID
  ? intSetting('POSTGRES_SERVER_PID', 0)
  : undefined;
/** REFERENCE=1: the same phases against reference-server.ts after the product's, and the ratios. */
const REFERENCE = process.env.REFERENCE === '1';
/** STORM=1 (SOURCE=widget): after the burst, kill the gateway and count what the sockets get back. */
const STORM = process.env.STORM === '1';
const STORM_DOWN_SECONDS = intSetting('STORM_DOWN_SECONDS', 3);
const STORM_RATE = intSetting('STORM_RATE', 50);
const STORM_WINDOW_SECONDS = intSetting('STORM_WINDOW_SECONDS', 30);
/** Which gateway the storm kills (GATEWAY_ROLES=split: 1, a socket replica, leaves the POSTs' up). */
const STORM_GATEWAY = intSetting('STORM_GATEWAY', 0);
if (STORM && SOURCE !== 'widget')
  throw new Error('STORM=1 needs SOURCE=widget (sockets subscribed to rooms)');
if (ROLES === 'split' && GATEWAYS < 2) throw new Error('GATEWAY_ROLES=split needs GATEWAYS >= 2');

const sumMemory = (all: Memory[]): Memory => ({
  rss: all.reduce((t, m) => t + m.rss, 0),
  heapUsed: all.reduce((t, m) => t + m.heapUsed, 0),
  external: all.reduce((t, m) => t + m.external, 0),
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const kb = (bytes: number) => round(bytes / 1024, 1);

interface WriteReading {
  programs: { name: string; w: number }[];
  benchWrites: number;
  servers: Map<number, { server: string; w: number }>;
}

/** Write system calls per delivered message between two readings: each program, the bench's clients, each server. */
function writesPerMessage(
  before: WriteReading,
  after: WriteReading,
  delivered: number,
): Record<string, number> {
  const per = (calls: number) => (delivered ? round(calls / delivered, 2) : 0);
  const out: Record<string, number> = {};
  after.programs.forEach(({ name, w }, i) => {
    out[name] = per(w - before.programs[i]!.w);
  });
  out.bench = per(after.benchWrites - before.benchWrites);
  for (const [server, w] of Object.entries(serverWritesBetween(before.servers, after.servers)))
    out[server] = per(w);
  out.all = round(
    Object.values(out).reduce((a, b) => a + b, 0),
    2,
  );
  return out;
}

/** `ip`: the visitor's own address, as a proxy in front of the gateway would say it. */
function connectSocket(url: string, token: string, ip?: string, reconnect = false): Promise<Socket> {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    // The storm's sockets come back as the widget's do: socket.io-client's backoff from the
    // widget's base delay, its default randomization (0.5) and ceiling (5 s).
    reconnection: reconnect,
    reconnectionDelay: REALTIME_RETRY_BASE_MS,
    forceNew: true,
    auth: { token },
    // Visitor messages are limited per domain and address (40 a minute): without its own address
    // every bench visitor would be one caller and all but the first few messages refused.
    ...(ip ? { extraHeaders: { 'x-forwarded-for': ip } } : {}),
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (e) => reject(e));
  });
}

async function subscribe(socket: Socket, channel: string): Promise<SubscribeAck> {
  const ack = (await socket.timeout(30_000).emitWithAck('subscribe', { channel })) as SubscribeAck;
  if (!ack.ok) throw new Error(`subscribe ${channel} refused: ${JSON.stringify(ack)}`);
  return ack;
}

/**
 * This process's own event-loop delay: it plays 2,001 clients and the senders, so a late receipt
 * may be its own queue, not the gateway's.
 */
const clientLoop = monitorEventLoopDelay({ resolution: 10 });
function clientLoopDelay(): { p50: number; p99: number; max: number } {
  const ms = (ns: number) => round(ns / 1e6, 2);
  const r = {
    p50: ms(clientLoop.percentile(50)),
    p99: ms(clientLoop.percentile(99)),
    max: ms(clientLoop.max),
  };
  clientLoop.reset();
  return r;
}

/** One run of every phase against the product or the reference; its results. */
async function runOnce(target: Target, budget: ReturnType<typeof deadline>): Promise<Results> {
  const namespace = randomNamespace();
  const nc = await connectTestNats({ noAsyncTraces: true });
  const jwks = await serveJwks();
  const sockets: Socket[] = [];
  /** The observer thread's stamps, handed to the sender's bookkeeping once it exists. */
  let onDelivered: (n: number, at: number) => void = () => undefined;
  let onAppended: (n: number, at: number) => void = () => undefined;
  let closeObserver: () => Promise<void> = async () => undefined;
  const settings: RunSettings = {
    target,
    source: SOURCE,
    sockets: SOCKETS,
    gateways: GATEWAYS,
    roles: ROLES,
    setupBatch: SETUP_BATCH,
  };
  /** The reference always takes the widget's path: its socket sends, each socket on its room. */
  const overSocket = target === 'reference' || (SOURCE === 'widget' && SEND === 'socket');
  const subscribesRooms = target === 'reference' || SOURCE === 'widget';
  const servers = target === 'reference' ? 1 : GATEWAYS;
  console.log(
    `realtime ${target} (${target === 'reference' ? 'reference-server.ts' : `SOURCE=${SOURCE}${SOURCE === 'widget' ? ` SEND=${SEND}` : ''}, ${GATEWAYS} gateway${GATEWAYS > 1 ? `s, ${ROLES}` : ''}`}): ${SOCKETS} widget sockets, ${RATE} msg/s for ${SECONDS} s, burst ${BURST} at ${CONCURRENCY} in flight${STORM ? ', then a reconnect storm' : ''}; ` +
      `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${round(totalmem() / 2 ** 30, 1)} GiB, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, namespace ${namespace}`,
  );
  let stack: Stack | undefined;
  try {
    stack = await startStack(settings, nc, namespace, jwks.url);
    const { accountId, domainId, named } = stack;
    const url = stack.urls[0]!;
    const gatewayMemory = async () =>
      sumMemory(await Promise.all(stack!.servers.map((g) => askMemory(g.process))));
    /** Each server's event-loop delay since the last ask, and the worst of them. */
    const gatewayLoops = async () => {
      const each = await Promise.all(stack!.servers.map((g) => askLoopDelay(g.process)));
      return {
        p50: Math.max(...each.map((l) => l.p50)),
        p99: Math.max(...each.map((l) => l.p99)),
        max: Math.max(...each.map((l) => l.max)),
        each,
      };
    };
    const results: Results = {
      bench: 'realtime',
      target,
      source: target === 'product' ? SOURCE : undefined,
      send: overSocket ? 'socket' : SOURCE === 'widget' ? 'post' : undefined,
      gateways: servers,
      roles: ROLES,
      sockets: SOCKETS,
      cores: cpus().length,
      loadAtStart: loadavg().map((l) => round(l, 1)),
    };

    // --- the visitors: sessions and first messages (widget) or tokens (events, reference)
    const visitors = await createVisitors(settings, stack);

    // --- 1. memory per idle widget socket
    // The dashboard socket and the JetStream watcher on a thread of their own (dashboard-observer.ts).
    const observer = await startDashboardThread(
      { url, token: await jwks.ownerToken(accountId), namespace },
      (n, at) => onDelivered(n, at),
      (n, at) => onAppended(n, at),
    );
    closeObserver = () => observer.close();
    // Warm the socket code paths once, so the baseline is not taken before any socket existed.
    const warm = await Promise.all(
      visitors.slice(0, 20).map((v) => connectSocket(v.socketUrl, v.token, v.ip)),
    );
    for (const s of warm) s.close();
    await sleep(1000);
    const before = await gatewayMemory();
    const connectStart = performance.now();
    /** Visitor i's widget socket. */
    const visitorSockets: Socket[] = [];
    /** STORM=1: visitor i's room as its widget follows it (cursors, resubscribes). */
    const followers: RoomFollower[] = [];
    for (let i = 0; i < visitors.length; i += SETUP_BATCH) {
      const batch = await Promise.all(
        visitors.slice(i, i + SETUP_BATCH).map(async (v) => {
          const socket = await connectSocket(v.socketUrl, v.token, v.ip, STORM);
          if (!subscribesRooms) return socket;
          // Following first: the subscribe's replay and the socket's reconnects are the widget's.
          const follower = STORM ? new RoomFollower(socket, v.channel) : undefined;
          const ack = await subscribe(socket, v.channel);
          follower?.begin(ack);
          if (follower) followers[visitors.indexOf(v)] = follower;
          return socket;
        }),
      );
      sockets.push(...batch);
      visitorSockets.push(...batch);
    }
    const connectSeconds = (performance.now() - connectStart) / 1000;
    await sleep(2000);
    const after = await gatewayMemory();
    const perSocket = {
      rssKb: kb((after.rss - before.rss) / SOCKETS),
      heapKb: kb((after.heapUsed - before.heapUsed) / SOCKETS),
      externalKb: kb((after.external - before.external) / SOCKETS),
    };
    console.log(
      `memory: ${SOCKETS} sockets connected${subscribesRooms ? ' and subscribed to their rooms' : ''} in ${round(connectSeconds, 1)} s; ` +
        `gateway RSS ${kb(before.rss)} -> ${kb(after.rss)} KB, heap ${kb(before.heapUsed)} -> ${kb(after.heapUsed)} KB; ` +
        `per idle socket: RSS ${perSocket.rssKb} KB, heap ${perSocket.heapKb} KB, external ${perSocket.externalKb} KB`,
    );
    results.memory = { before, after, perSocket };

    // --- the sender
    const store = new EventStore(nc, { context: 'conversations', namespace });
    const versions = new Map<number, number>();
    let sequence = 0;
    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    /** How long the send itself took (widget: the POST's answer; events: the append's ack). */
    const sendTimes: number[] = [];
    /**
     * From the moment the observer thread sees the event in JetStream (an ordered consumer of the
     * room subjects, like the gateway's relay but without its work) to the dashboard: the gateway's
     * realtime share of the latency. Both moments stamped on that thread.
     */
    const relayTimes: number[] = [];
    const appendedAt = new Map<number, number>();
    const deliveredAt = new Map<number, number>();
    /** Each delivered message's send moment, until its split into the two shares is taken. */
    const splitSentAt = new Map<number, number>();
    /** Per message: send -> in JetStream and in JetStream -> dashboard, to see where the slowest go. */
    const splits: Split[] = [];
    const pairRelay = (n: number) => {
      const a = appendedAt.get(n);
      const d = deliveredAt.get(n);
      if (a === undefined || d === undefined) return;
      relayTimes.push(d - a);
      const t0 = splitSentAt.get(n);
      if (t0 !== undefined) splits.push({ sentAt: t0, total: d - t0, toStream: a - t0, toDashboard: d - a });
      appendedAt.delete(n);
      deliveredAt.delete(n);
      splitSentAt.delete(n);
    };
    onAppended = (n, at) => {
      appendedAt.set(n, at);
      pairRelay(n);
    };
    let received = 0;
    let lastReceivedAt = 0;
    let failed = 0;
    /** Every message the dashboard got (all phases), so a second delivery of one is counted. */
    const delivered = new Set<number>();
    let duplicates = 0;
    /**
     * How much later than the observer thread this thread handles each delivery: about what the
     * dashboard's receipt would have been stamped late with the dashboard on this thread.
     */
    const mainThreadLag: number[] = [];
    onDelivered = (n, at) => {
      mainThreadLag.push(stamp() - at);
      if (delivered.has(n)) duplicates++;
      delivered.add(n);
      const t0 = sentAt.get(n);
      if (t0 === undefined) return;
      sentAt.delete(n);
      lastReceivedAt = at;
      latencies.push(lastReceivedAt - t0);
      deliveredAt.set(n, lastReceivedAt);
      splitSentAt.set(n, t0);
      pairRelay(n);
      received++;
    };
    const send = async (): Promise<void> => {
      const n = sequence++;
      const index = n % SOCKETS;
      const visitor = visitors[index]!;
      const clientId = `b${n}`;
      const content = `Hello, this is message ${n}`;
      const t0 = stamp();
      sentAt.set(n, t0);
      try {
        if (overSocket) {
          const ack = (await visitorSockets[index]!.timeout(30_000).emitWithAck(
            ClientSocketEvent.visitorMessage,
            {
              content,
              clientId,
            },
          )) as VisitorMessageAck;
          if (!ack.ok) throw new Error(`visitor-message: ${ack.status} ${JSON.stringify(ack.error)}`);
          sendTimes.push(stamp() - t0);
          return;
        }
        if (SOURCE === 'widget') {
          await postJson(
            `${visitor.postUrl}/api/widget/messages`,
            { content, clientId },
            { authorization: `Bearer ${visitor.token}`, 'x-forwarded-for': visitor.ip },
          );
          sendTimes.push(stamp() - t0);
          return;
        }
        const data: MessagePosted = {
          roomId: visitor.roomId,
          audience: { accountId, domainId, customerId: visitor.customerId, sharedWith: [] },
          messageId: randomUUID(),
          clientId,
          role: 'user',
          author: 'visitor',
          content,
          isNote: false,
          productIds: [],
          postedAt: new Date().toISOString(),
        };
        const result = await store.append(
          store.subject('room', visitor.roomId),
          [{ type: ConversationsEvent.MessagePosted, data }],
          { expectedVersion: versions.get(index) ?? 0, commandId: randomUUID() },
        );
        versions.set(index, result.version);
        sendTimes.push(stamp() - t0);
      } catch (error) {
        failed++;
        sentAt.delete(n);
        if (failed <= 3) console.error(error);
      }
    };
    const drain = async (expected: () => number, quietMs = 5000) => {
      let last = received;
      let quietSince = performance.now();
      while (received < expected() && performance.now() - quietSince < quietMs && !budget.passed()) {
        await sleep(50);
        if (received !== last) {
          last = received;
          quietSince = performance.now();
        }
      }
    };
    const reset = () => {
      latencies.length = 0;
      mainThreadLag.length = 0;
      sendTimes.length = 0;
      relayTimes.length = 0;
      splits.length = 0;
      appendedAt.clear();
      deliveredAt.clear();
      splitSentAt.clear();
      received = 0;
      failed = 0;
      sentAt.clear();
    };

    // Warm-up: JIT, connection pools, the consumer's first pulls.
    await Promise.all(Array.from({ length: 200 }, () => send()));
    await drain(() => 200);
    reset();

    // --- 2. sustained rate
    /**
     * CPU seconds so far: each program, this process (the clients), the whole machine; and the
     * write system calls of each program, this process and each server.
     */
    const cpuNow = () => ({
      programs: named.map(({ name, child }) => ({
        name,
        s: cpuSecondsOf(child.process.pid),
        w: writeCallsOf(child.process.pid),
      })),
      bench: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
      benchWrites: writeCallsOf(process.pid),
      machine: machineBusySeconds(),
      servers: serverProcesses(),
      natsOwn: NATS_SERVER_PID ? cpuSecondsOf(NATS_SERVER_PID) : 0,
    });
    await gatewayLoops(); // resets the histograms
    clientLoop.enable();
    clientLoopDelay();
    const total = RATE * SECONDS;
    await Promise.all(stack.servers.map((g) => heapSampling(g.process, 'start')));
    const cpuSustainedBefore = cpuNow();
    const started = performance.now();
    const midSnapshot = process.env.HEAP_SNAPSHOT_DIR
      ? setTimeout(
          () => void Promise.all(stack!.servers.map((g) => askMemory(g.process))),
          (SECONDS * 1000) / 2,
        )
      : undefined;
    const inFlight = new Set<Promise<void>>();
    let sent = 0;
    while (sent < total && !budget.passed()) {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE));
      while (sent < due) {
        const p: Promise<void> = send().finally(() => inFlight.delete(p));
        inFlight.add(p);
        sent++;
      }
      await sleep(2);
    }
    clearTimeout(midSnapshot);
    await Promise.all(inFlight);
    await drain(() => sent - failed);
    const sustainedAllocated = await Promise.all(stack.servers.map((g) => heapSampling(g.process, 'stop')));
    const sustainedLoop = await gatewayLoops();
    const sustainedClientLoop = clientLoopDelay();
    const sustainedMainLag = summarize(mainThreadLag);
    const sustained = summarize(latencies);
    const sustainedSend = summarize(sendTimes);
    const sustainedRelay = summarize(relayTimes);
    const sustainedSlowest = slowestSplit(splits);
    if (process.env.GC_REPORT_DIR) writeSplits(process.env.GC_REPORT_DIR, splits);
    // The servers' CPU per delivered message at this rate (a rate's batches are smaller than a burst's).
    const cpuSustainedAfter = cpuNow();
    const sustainedCpuMs: Record<string, number> = {};
    cpuSustainedAfter.programs.forEach(({ name, s }, i) => {
      sustainedCpuMs[name] = received
        ? round(((s - cpuSustainedBefore.programs[i]!.s) * 1000) / received, 3)
        : 0;
    });
    const sustainedWrites = writesPerMessage(cpuSustainedBefore, cpuSustainedAfter, received);
    const lostSustained = sent - failed - received;
    console.log(
      `sustained ${RATE} msg/s: sent ${sent}, failed ${failed}, delivered ${received}, lost ${lostSustained}; ` +
        `latency p50 ${sustained.p50} ms, p90 ${sustained.p90} ms, p99 ${sustained.p99} ms, max ${sustained.max} ms ` +
        `(${round((performance.now() - started) / 1000, 1)} s); the send itself: p50 ${sustainedSend.p50} ms, p99 ${sustainedSend.p99} ms; ` +
        `in JetStream -> dashboard: p50 ${sustainedRelay.p50} ms, p99 ${sustainedRelay.p99} ms; ` +
        `CPU ms per message ${JSON.stringify(sustainedCpuMs)}; ` +
        `write system calls per message ${JSON.stringify(sustainedWrites)}; ` +
        `the slowest 1% (${sustainedSlowest.count}, from ${sustainedSlowest.from} ms): send -> in JetStream mean ${sustainedSlowest.toStreamMean} ms, ` +
        `in JetStream -> dashboard mean ${sustainedSlowest.toDashboardMean} ms; ` +
        `${target === 'reference' ? 'reference server' : 'gateway'} event-loop delay${servers > 1 ? ' (worst gateway)' : ''} p50 ${sustainedLoop.p50} ms, p99 ${sustainedLoop.p99} ms, max ${sustainedLoop.max} ms; ` +
        `bench (client) event-loop delay p99 ${sustainedClientLoop.p99} ms, max ${sustainedClientLoop.max} ms; ` +
        `the bench's main thread took each delivery up ${sustainedMainLag.p50} ms after the observer thread at p50, ${sustainedMainLag.p99} ms at p99`,
    );
    if (process.env.HEAP_PROFILE_DIR) {
      const kb = sustainedAllocated.reduce((a, b) => a + b, 0) / 1024;
      console.log(
        `sustained: ${target === 'reference' ? 'reference server' : 'gateway'} allocated ${round(kb / 1024, 1)} MB, ` +
          `${received ? round(kb / received, 1) : 0} KB per delivered message (sampled; profiles in ${process.env.HEAP_PROFILE_DIR})`,
      );
    }
    results.sustained = {
      rate: RATE,
      sent,
      failed,
      delivered: received,
      lost: lostSustained,
      latencyMs: sustained,
      sendMs: sustainedSend,
      streamToDashboardMs: sustainedRelay,
      slowestPercent: sustainedSlowest,
      cpuPerMessageMs: sustainedCpuMs,
      writesPerMessage: sustainedWrites,
      gatewayLoopDelayMs: sustainedLoop,
      clientLoopDelayMs: sustainedClientLoop,
      mainThreadLagMs: sustainedMainLag,
    };
    reset();

    // --- 3. max throughput
    if (!WATCH_BURST) observer.unwatch();
    await gatewayLoops();
    clientLoopDelay();
    const cpuBefore = cpuNow();
    const burstStart = stamp();
    let burstSent = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (burstSent < BURST && !budget.passed()) {
          burstSent++;
          await send();
        }
      }),
    );
    const sendSeconds = (stamp() - burstStart) / 1000;
    await drain(() => burstSent - failed);
    // From the first send to the last delivery: what the whole path sustained.
    const burstSeconds = (lastReceivedAt - burstStart) / 1000;
    const cpuAfter = cpuNow();
    // CPU milliseconds per delivered message, by program (the drain's quiet 5 s costs next to nothing).
    const perMessage = (seconds: number) => (received ? round((seconds * 1000) / received, 3) : 0);
    const cpuPerMessageMs: Record<string, number> = {};
    cpuAfter.programs.forEach(({ name, s }, i) => {
      cpuPerMessageMs[name] = perMessage(s - cpuBefore.programs[i]!.s);
    });
    cpuPerMessageMs.bench = perMessage(cpuAfter.bench - cpuBefore.bench);
    for (const [server, s] of Object.entries(serverSecondsBetween(cpuBefore.servers, cpuAfter.servers)))
      cpuPerMessageMs[server] = perMessage(s);
    if (NATS_SERVER_PID) cpuPerMessageMs['nats-own'] = perMessage(cpuAfter.natsOwn - cpuBefore.natsOwn);
    if (POSTGRES_SERVER_PID)
      cpuPerMessageMs['postgresql-own'] = perMessage(
        ownServerSecondsBetween(cpuBefore.servers, cpuAfter.servers, POSTGRES_SERVER_PID),
      );
    cpuPerMessageMs.machine = perMessage(cpuAfter.machine - cpuBefore.machine);
    const burstWrites = writesPerMessage(cpuBefore, cpuAfter, received);
    const burst = summarize(latencies);
    const burstRelay = summarize(relayTimes);
    const burstLoop = await gatewayLoops();
    const burstClientLoop = clientLoopDelay();
    const endToEnd = burstSeconds > 0 ? received / burstSeconds : 0;
    const lostBurst = burstSent - failed - received;
    console.log(
      `max throughput: sent ${burstSent} in ${round(sendSeconds, 2)} s (${Math.round(burstSent / sendSeconds)}/s accepted), ` +
        `failed ${failed}, delivered ${received}, lost ${lostBurst}, ${Math.round(endToEnd)} msg/s end to end; ` +
        `latency p50 ${burst.p50} ms, p99 ${burst.p99} ms; ` +
        (WATCH_BURST
          ? `in JetStream -> dashboard p50 ${burstRelay.p50} ms, p99 ${burstRelay.p99} ms; `
          : '') +
        `${target === 'reference' ? 'reference server' : 'gateway'} event-loop delay${servers > 1 ? ' (worst gateway)' : ''} p99 ${burstLoop.p99} ms, max ${burstLoop.max} ms; ` +
        `bench (client) event-loop delay p99 ${burstClientLoop.p99} ms, max ${burstClientLoop.max} ms`,
    );
    console.log(
      `burst CPU per delivered message (ms; nats/redis/postgresql: every process of that server, whoever it served; "machine" is every process on every core, the rest included): ${JSON.stringify(cpuPerMessageMs)}`,
    );
    console.log(`burst write system calls per delivered message: ${JSON.stringify(burstWrites)}`);
    results.burst = {
      cpuPerMessageMs,
      writesPerMessage: burstWrites,
      sent: burstSent,
      failed,
      delivered: received,
      lost: lostBurst,
      acceptedPerSecond: Math.round(burstSent / sendSeconds),
      messagesPerSecond: Math.round(endToEnd),
      latencyMs: burst,
      ...(WATCH_BURST ? { streamToDashboardMs: burstRelay } : {}),
      gatewayLoopDelayMs: burstLoop,
      clientLoopDelayMs: burstClientLoop,
    };
    // Late duplicates of the burst's messages would arrive after the drain's quiet period.
    console.log(`duplicates delivered to the dashboard (all phases): ${duplicates}`);
    results.duplicates = duplicates;
    clientLoop.disable();

    // --- 4. reconnect storm
    if (STORM && stack.conversationsUrl) {
      const s = stack;
      results.storm = await runStorm(
        { downSeconds: STORM_DOWN_SECONDS, rate: STORM_RATE, windowSeconds: STORM_WINDOW_SECONDS },
        {
          visitors,
          followers,
          conversationsUrl: stack.conversationsUrl,
          redisPrefix: stack.redisPrefix,
          kill: () => s.kill(STORM_GATEWAY),
          restart: () => s.restart(STORM_GATEWAY),
        },
      );
    }
    results.loadAtEnd = loadavg().map((l) => round(l, 1));
    console.log(JSON.stringify(results));
    return results;
  } finally {
    await closeObserver();
    for (const s of sockets) s.close();
    await stack?.stop();
    jwks.close();
    await cleanUp(nc, namespace, `bench:${namespace}`);
    await nc.close();
  }
}

async function main(): Promise<void> {
  const budget = deadline(MAX_SECONDS);
  const product = await runOnce('product', budget);
  if (!REFERENCE) return;
  const reference = await runOnce('reference', deadline(MAX_SECONDS));
  console.log(JSON.stringify(referenceRatios(product, reference)));
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
