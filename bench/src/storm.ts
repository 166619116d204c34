/**
 * The reconnect storm (STORM=1): with every widget socket connected and subscribed, the gateway
 * is killed (SIGKILL, as a crash) and started again on the same port. Messages keep being posted
 * straight to the conversations service (as another gateway replica would) while it is down and
 * while the sockets come back, each to one visitor's room. Every socket reconnects with the
 * widget's settings (socket.io-client's backoff, REALTIME_RETRY_BASE_MS, randomization 0.5) and
 * resubscribes with the last cursor it saw (room-follower.ts); each message must then reach its
 * room's socket exactly once, replayed from the Redis buffer or relayed live.
 */
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createClient } from 'redis';
import { createConversationsClient } from '../../gateway/src/clients/conversations-client';
import type { RoomFollower } from './room-follower';
import { STORM_PREFIX } from './room-follower';
import type { Visitor } from './realtime-setup';
import { serverProcesses, serverSecondsBetween } from './realtime-stack';
import { callsBetween, commandCalls, round, summarize } from './stats';

export interface StormSettings {
  /** Seconds the gateway stays down before it is started again. */
  downSeconds: number;
  /** Messages posted per second from the kill until the sockets are back (or the window ends). */
  rate: number;
  /** How long the sockets have to come back after the restart. */
  windowSeconds: number;
}

export interface StormDeps {
  visitors: Visitor[];
  followers: RoomFollower[];
  conversationsUrl: string;
  /** The gateway's REDIS_KEY_PREFIX: a lost message is looked up in its room's replay buffer. */
  redisPrefix: string;
  kill(): Promise<void>;
  restart(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function redisCommandCalls(redis: ReturnType<typeof createClient>): Promise<Record<string, number>> {
  return commandCalls(await redis.info('commandstats'));
}

export async function runStorm(settings: StormSettings, deps: StormDeps): Promise<Record<string, unknown>> {
  const { visitors, followers } = deps;
  const conversations = createConversationsClient(deps.conversationsUrl, 10_000);
  const redis = createClient({ url: process.env.REDIS_URL || 'redis://127.0.0.1:6379' });
  await redis.connect();
  /** Storm message client id -> the visitor (index) whose room it was posted to. */
  const posted = new Map<string, number>();
  let failed = 0;
  let sequence = 0;
  const offset = Math.floor(Math.random() * visitors.length);
  const post = async () => {
    const index = (offset + sequence) % visitors.length;
    const clientId = `${STORM_PREFIX}${sequence++}`;
    const v = visitors[index]!;
    try {
      await conversations.postVisitorMessage(
        { customerId: v.customerId, domainId: v.domainId, keyId: v.keyId },
        { content: `Storm message ${clientId}`, clientId },
        { requestId: randomUUID() },
      );
      posted.set(clientId, index);
    } catch (error) {
      failed++;
      if (failed <= 3) console.error(error);
    }
  };
  let posting = true;
  const poster = (async () => {
    const start = performance.now();
    const pending = new Set<Promise<void>>();
    for (let sent = 0; posting;) {
      const due = Math.floor(((performance.now() - start) / 1000) * settings.rate);
      for (; sent < due; sent++) {
        const p: Promise<void> = post().finally(() => pending.delete(p));
        pending.add(p);
      }
      await sleep(5);
    }
    await Promise.all(pending);
  })();

  // This process plays every reconnecting client: a late timer here (a subscribe's 5 s timeout, a
  // post's deadline) may fire before an answer that already arrived is read.
  const benchLoop = monitorEventLoopDelay({ resolution: 10 });
  benchLoop.enable();
  const benchCpuBefore = process.cpuUsage();
  const killedAt = performance.now();
  await deps.kill();
  await sleep(settings.downSeconds * 1000);
  const callsBefore = await redisCommandCalls(redis);
  const serversBefore = serverProcesses();
  const restartAt = performance.now();
  await deps.restart();
  const upAt = performance.now();
  const back = () => followers.filter((f) => f.subscribedAt > upAt).length;
  const windowEnd = upAt + settings.windowSeconds * 1000;
  while (back() < followers.length && performance.now() < windowEnd) await sleep(100);
  const allBackAt = performance.now();
  posting = false;
  await poster;
  // What is posted last still has to go through conversations, JetStream and the relay.
  const expected = () => [...posted].filter(([id, i]) => !followers[i]!.received.has(id)).length;
  let quietSince = performance.now();
  let last = expected();
  while (last > 0 && performance.now() - quietSince < 10_000) {
    await sleep(100);
    const now = expected();
    if (now !== last) quietSince = performance.now();
    last = now;
  }
  const seconds = (performance.now() - restartAt) / 1000;
  benchLoop.disable();
  const benchCpu = process.cpuUsage(benchCpuBefore);
  const ms = (ns: number) => round(ns / 1e6, 1);
  const bench = {
    loopDelayMs: {
      p50: ms(benchLoop.percentile(50)),
      p99: ms(benchLoop.percentile(99)),
      max: ms(benchLoop.max),
    },
    cpuSeconds: round((benchCpu.user + benchCpu.system) / 1e6, 1),
    seconds: round((performance.now() - killedAt) / 1000, 1),
  };
  const commands = callsBetween(callsBefore, await redisCommandCalls(redis));
  const redisCpuSeconds = serverSecondsBetween(serversBefore, serverProcesses()).redis ?? 0;
  conversations.close();

  const reconnectFromUpMs = followers.filter((f) => f.connectedAt > upAt).map((f) => f.connectedAt - upAt);
  const resubscribedFromUpMs = followers
    .filter((f) => f.subscribedAt > upAt)
    .map((f) => f.subscribedAt - upAt);
  let lost = 0;
  /** Lost on a socket whose subscribe the widget gave up (refused, or no answer after its retries) or that never came back. */
  let lostUnsubscribed = 0;
  /** Arrived again with another cursor: the widget would show it twice. */
  let duplicated = 0;
  /** Arrived again with the same cursor: the widget skips it. */
  let repeated = 0;
  for (const [clientId, index] of posted) {
    const follower = followers[index]!;
    const cursors = follower.received.get(clientId);
    if (!cursors) {
      lost++;
      if (follower.refused > 0 || follower.subscribedAt <= upAt) lostUnsubscribed++;
    } else {
      const distinct = new Set(cursors).size;
      duplicated += distinct - 1;
      repeated += cursors.length - distinct;
    }
  }
  const lostDetail = await explainLost(deps, posted, redis);
  await redis.close();
  const totalCalls = Object.values(commands).reduce((a, b) => a + b, 0);
  /** The replay's own commands (subscribe: XINFO STREAM and XRANGE; the relay: its script): Redis serves the other engineers' tests too. */
  const replayCommands = Object.fromEntries(
    Object.entries(commands).filter(([c]) => ['xrange', 'xinfo|stream', 'evalsha', 'xadd'].includes(c)),
  );
  const result = {
    sockets: followers.length,
    downSeconds: round((restartAt - killedAt) / 1000, 1),
    restartSeconds: round((upAt - restartAt) / 1000, 2),
    back: back(),
    notBack: followers.length - back(),
    refused: followers.reduce((t, f) => t + f.refused, 0),
    resets: followers.reduce((t, f) => t + f.resets, 0),
    allBackSeconds: round((allBackAt - upAt) / 1000, 1),
    reconnectMs: summarize(reconnectFromUpMs),
    resubscribedMs: summarize(resubscribedFromUpMs),
    messages: {
      posted: posted.size,
      failed,
      lost,
      lostOnSocketsNotResubscribed: lostUnsubscribed,
      duplicated,
      repeatedSameCursor: repeated,
      lostDetail,
    },
    bench,
    redis: {
      seconds: round(seconds, 1),
      opsPerSecond: Math.round(totalCalls / seconds),
      replayCommands,
      commands,
      cpuSeconds: round(redisCpuSeconds, 2),
    },
  };
  console.log(
    `storm: gateway killed, down ${result.downSeconds} s, restarted in ${result.restartSeconds} s; ` +
      `${result.back}/${followers.length} sockets back and resubscribed in ${result.allBackSeconds} s ` +
      `(reconnect after restart p50 ${result.reconnectMs.p50} ms, p99 ${result.reconnectMs.p99} ms, max ${result.reconnectMs.max} ms; ` +
      `resubscribed p50 ${result.resubscribedMs.p50} ms, p99 ${result.resubscribedMs.p99} ms, max ${result.resubscribedMs.max} ms; ` +
      `refused ${result.refused}, reset ${result.resets}); ` +
      `messages posted meanwhile ${posted.size} (failed ${failed}): lost ${lost} (${lostUnsubscribed} of them on sockets not resubscribed), duplicated ${duplicated}, same cursor twice ${repeated}; ` +
      `the bench's own event-loop delay p99 ${bench.loopDelayMs.p99} ms, max ${bench.loopDelayMs.max} ms (${bench.cpuSeconds} CPU-s in ${bench.seconds} s); ` +
      `Redis from restart to drained (${result.redis.seconds} s): ${result.redis.opsPerSecond} ops/s, redis-server CPU ${result.redis.cpuSeconds} s, ` +
      `the replay's commands ${JSON.stringify(replayCommands)} (every client's: ${JSON.stringify(commands)})` +
      (lostDetail.length ? `; lost: ${JSON.stringify(lostDetail)}` : ''),
  );
  return result;
}

/** For the first few lost messages: whether the room's replay buffer holds them, and the socket's state. */
async function explainLost(
  deps: StormDeps,
  posted: Map<string, number>,
  redis: ReturnType<typeof createClient>,
): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  for (const [clientId, index] of posted) {
    const follower = deps.followers[index]!;
    if (follower.received.has(clientId) || out.length >= 5) continue;
    const key = `${deps.redisPrefix}:rt:buf:room:${deps.visitors[index]!.roomId}:visitor`;
    const entries = await redis.xRange(key, '-', '+');
    const entry = entries.find((e) => String(e.message.e).includes(`"clientId":"${clientId}"`));
    out.push({
      clientId,
      visitor: index,
      inBuffer: entry?.id ?? null,
      bufferLast: entries.at(-1)?.id ?? null,
      socketCursor: follower.cursor() ?? null,
      connected: follower.connected(),
      subscribesGivenUp: follower.refused,
    });
  }
  return out;
}
