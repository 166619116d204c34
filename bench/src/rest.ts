/**
 * The dashboard's REST reads under load: GET /api/conversations (the conversation list) and GET
 * /api/conversations/:roomId/messages (one room's messages) with an owner token, each at RATE
 * requests/s for SECONDS, through the gateway to the conversations service's read model (its
 * read-model barrier in place, as deployed). identity, conversations and the gateway run as in
 * bench:realtime (SOURCE=widget); ROOMS visitors each open a room with a first message, and the
 * room read gets ROOM_MESSAGES messages, posted to conversations directly (the gateway's
 * per-visitor message limit would take minutes).
 *
 *   ROOMS=200 ROOM_MESSAGES=50 RATE=500 SECONDS=20 CONNECTIONS=50 WARMUP=5 npm run bench:rest
 *
 * Each route gets two loads, one after the other (LOADS=paced,autocannon picks): `paced` sends
 * the requests evenly spaced, open loop, from up to CONNECTIONS keep-alive connections, latency
 * from when each was due to its whole answer (paced-load.ts); `autocannon` is the load of runs
 * AQ, its `overallRate` over CONNECTIONS connections: each connection's share of a second back
 * to back as the second starts, a burst every second. Per request: the CPU of the gateway,
 * conversations, PostgreSQL (all of it, and conversations' own backends alone), NATS and this
 * process (the load's client), and the statements conversations' database ran (its
 * transactions: every read is one statement in its own).
 *
 * The gateway answers a repeated read from the answer it kept while conversations confirms the
 * account's rows unchanged (docs/decisions.md, 37). WRITES=n (default 0) posts n visitor messages
 * a second to the account's rooms, one room after another, during each route's load, so that
 * kept answers are refused as often as a busy account's would be. Before each load, WARMUP
 * seconds of the paced load at RATE; before all of them the read model's database is analysed.
 * GATEWAYS=n (default 1) runs n gateways, the load taking them in turn (a load balancer's round
 * robin), each with its own kept answers.
 *
 * To look into a run: TRACE_DIR=dir writes each paced load's requests there, one line each: when
 * it was due (ms from the load's start) and its latency. HEAP_PROFILE_DIR=dir samples the
 * gateways' allocations during each load and writes the profiles there
 * (bench/tools/heap-profile-summary.mjs reads them; HEAP_PROFILE_SURVIVORS=1 leaves out what
 * scavenges collected); HEAP_SNAPSHOT_DIR=dir writes a heap snapshot of each gateway halfway
 * through each load (after a full collection: what is still reachable).
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { connectTestNats, randomNamespace, TEST_DATABASE_SERVER } from '@parley/testing';
import { createConversationsClient } from '../../gateway/src/clients/conversations-client';
import { createVisitors, startStack, type RunSettings } from './realtime-setup';
import {
  askLoopDelay,
  askMemory,
  cleanUp,
  cpuSecondsOf,
  heapSampling,
  serverProcesses,
  serverSecondsBetween,
  serveJwks,
} from './realtime-stack';
import { pacedLoad } from './paced-load';
import { intSetting } from './settings';
import { round } from './stats';

const ROOMS = intSetting('ROOMS', 200);
const ROOM_MESSAGES = intSetting('ROOM_MESSAGES', 50);
const RATE = intSetting('RATE', 500);
const SECONDS = intSetting('SECONDS', 20);
const CONNECTIONS = intSetting('CONNECTIONS', 50);
const WRITES = intSetting('WRITES', 0);
const GATEWAYS = intSetting('GATEWAYS', 1);
const WARMUP = intSetting('WARMUP', 5);
const LOADS = (process.env.LOADS ?? 'paced,autocannon').split(',').filter(Boolean) as LoadName[];
type LoadName = 'paced' | 'autocannon';
for (const l of LOADS)
  if (l !== 'paced' && l !== 'autocannon') throw new Error(`LOADS takes paced and autocannon, got ${l}`);

const withDatabase = (server: string, database: string) => {
  const url = new URL(server);
  url.pathname = `/${database}`;
  return url.toString();
};

const load = () => loadavg().map((l) => round(l, 1));

interface Route {
  name: string;
  path: string;
}

async function main(): Promise<void> {
  const namespace = randomNamespace();
  const nc = await connectTestNats({ noAsyncTraces: true });
  const jwks = await serveJwks();
  const settings: RunSettings = {
    target: 'product',
    source: 'widget',
    sockets: ROOMS,
    gateways: GATEWAYS,
    roles: 'shared',
    setupBatch: 50,
  };
  console.log(
    `rest: ${ROOMS} rooms, ${ROOM_MESSAGES} messages in the one read, ${RATE} req/s for ${SECONDS} s over ${CONNECTIONS} connections; load ${load().join(' ')}, namespace ${namespace}`,
  );
  const stack = await startStack(settings, nc, namespace, jwks.url);
  const lines: Record<string, unknown>[] = [];
  try {
    const visitors = await createVisitors(settings, stack);
    const room = visitors[0]!;
    const conversations = createConversationsClient(stack.conversationsUrl!, 10_000);
    for (let i = 1; i < ROOM_MESSAGES; i++)
      await conversations.postVisitorMessage(
        { customerId: room.customerId, domainId: room.domainId, keyId: room.keyId },
        { content: `Message ${i} of the room the bench reads`, clientId: randomUUID() },
      );
    const url = stack.urls[0]!;
    const headers = { authorization: `Bearer ${await jwks.ownerToken(stack.accountId)}` };
    const routes: Route[] = [
      { name: 'conversation list', path: '/api/conversations' },
      { name: "one room's messages", path: `/api/conversations/${room.roomId}/messages` },
    ];
    // What the dashboard would show, before any load: every room (page after page; the route
    // the bench loads is the first page, what the dashboard reads first), and the room's messages.
    let rooms = 0;
    let firstPage = 0;
    for (let cursor: string | null = ''; cursor !== null;) {
      const page = (await (
        await fetch(`${url}${routes[0]!.path}?limit=200${cursor ? `&cursor=${cursor}` : ''}`, { headers })
      ).json()) as { data: unknown[]; nextCursor: string | null };
      rooms += page.data.length;
      cursor = page.nextCursor;
    }
    firstPage = ((await (await fetch(`${url}${routes[0]!.path}`, { headers })).json()) as { data: unknown[] })
      .data.length;
    const messages = (await (await fetch(`${url}${routes[1]!.path}`, { headers })).json()) as {
      messages: unknown[];
    };
    console.log(
      `the list holds ${rooms} rooms (its first page ${firstPage}); the room ${messages.messages.length} messages`,
    );
    if (rooms !== ROOMS || messages.messages.length < ROOM_MESSAGES)
      throw new Error('the read model does not hold what was posted');

    const stats = new Client({
      connectionString: TEST_DATABASE_SERVER,
    });
    await stats.connect();
    // The tables were all written a moment ago: their statistics, as autovacuum would have them
    // within its first minute, rather than its ANALYZE in the middle of a measured load.
    const readModel = new Client({
      connectionString: withDatabase(TEST_DATABASE_SERVER, stack.conversationsDatabase!),
    });
    await readModel.connect();
    await readModel.query('VACUUM ANALYZE');
    await readModel.end();
    const transactions = async () =>
      Number(
        (
          await stats.query<{ n: string }>(
            'SELECT pg_stat_get_db_xact_commit(oid) + pg_stat_get_db_xact_rollback(oid) AS n FROM pg_database WHERE datname = $1',
            [stack.conversationsDatabase],
          )
        ).rows[0]?.n ?? 0,
      );
    // conversations' own PostgreSQL backends: the server's other backends serve whatever else runs here.
    const ownBackends = async () => {
      const pids = await stats.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
        stack.conversationsDatabase,
      ]);
      return new Map(pids.rows.map(({ pid }) => [pid, cpuSecondsOf(pid)]));
    };
    const ownSecondsBetween = (before: Map<number, number>, after: Map<number, number>) =>
      [...after].reduce((sum, [pid, s]) => sum + s - (before.get(pid) ?? 0), 0);
    const gateways = stack.named.filter((n) => n.name.startsWith('gateway')).map((n) => n.child);
    const targets = (path: string) => stack.urls.map((u) => `${u}${path}`);
    const service = stack.named.find((n) => n.name === 'conversations')!.child;
    const paced = (path: string, seconds: number) =>
      pacedLoad({ urls: targets(path), headers, rate: RATE, seconds, connections: CONNECTIONS });
    const sendLoad = async (loadName: LoadName, path: string) => {
      if (loadName === 'paced') {
        const r = await paced(path, SECONDS);
        if (process.env.TRACE_DIR)
          writeFileSync(
            `${process.env.TRACE_DIR}/${path === routes[0]!.path ? 'list' : 'room'}-${Date.now()}.tsv`,
            r.samples.map(([due, latency]) => `${due.toFixed(2)}\t${latency.toFixed(2)}`).join('\n'),
          );
        return {
          answered: r.answered,
          requestsPerSecond: r.requestsPerSecond,
          latencyMs: r.latencyMs,
          errors: r.errors,
          timeouts: 0,
          non2xx: r.non2xx,
          queued: r.queued,
          clientLoopDelayMs: r.clientLoopDelayMs,
        };
      }
      const r = await autocannon({
        // autocannon spreads its connections over several URLs; its types admit one.
        url: targets(path) as unknown as string,
        headers,
        connections: CONNECTIONS,
        overallRate: RATE,
        duration: SECONDS,
      });
      return {
        answered: r.requests.total,
        requestsPerSecond: r.requests.average,
        latencyMs: {
          p50: r.latency.p50,
          p90: r.latency.p90,
          p99: r.latency.p99,
          max: r.latency.max,
          mean: r.latency.mean,
        },
        errors: r.errors,
        timeouts: r.timeouts,
        non2xx: r.non2xx,
        queued: undefined,
        clientLoopDelayMs: undefined,
      };
    };
    for (const route of routes)
      for (const loadName of LOADS) {
        // Warm-up: JIT, gRPC channel, connection pools, at the rate measured (runs AR: after only
        // 500 requests the first route's p99 was half again its second run's).
        await paced(route.path, WARMUP);
        const loadBefore = load();
        const cpu = async () => ({
          gateway: gateways.reduce((sum, g) => sum + cpuSecondsOf(g.process.pid), 0),
          conversations: cpuSecondsOf(service.process.pid),
          servers: serverProcesses(),
          backends: await ownBackends(),
          // This process: the load, the client of every request, on the same two cores.
          client: process.cpuUsage(),
        });
        // The statistics collector reports a backend's counts when it goes idle, within a second.
        await new Promise((r) => setTimeout(r, 1_200));
        const statementsBefore = await transactions();
        const before = await cpu();
        for (const g of gateways) {
          await askLoopDelay(g.process);
          await heapSampling(g.process, 'start');
        }
        let written = 0;
        const writer =
          WRITES > 0
            ? setInterval(() => {
                const v = visitors[written++ % visitors.length]!;
                void conversations
                  .postVisitorMessage(
                    { customerId: v.customerId, domainId: v.domainId, keyId: v.keyId },
                    { content: `A write during the reads, ${written}`, clientId: randomUUID() },
                  )
                  .catch((e: unknown) => console.error('a write failed', e));
              }, 1000 / WRITES)
            : undefined;
        const snapshot = process.env.HEAP_SNAPSHOT_DIR
          ? setTimeout(
              () => void Promise.all(gateways.map((g) => askMemory(g.process))),
              (SECONDS * 1000) / 2,
            )
          : undefined;
        const result = await sendLoad(loadName, route.path);
        clearTimeout(snapshot);
        const after = await cpu();
        // The worst gateway's event-loop delay; the bytes all of them allocated.
        const loops = await Promise.all(gateways.map((g) => askLoopDelay(g.process)));
        const gatewayLoop = {
          p99: Math.max(...loops.map((l) => l.p99)),
          max: Math.max(...loops.map((l) => l.max)),
        };
        let gatewayAllocated = 0;
        for (const g of gateways) gatewayAllocated += await heapSampling(g.process, 'stop');
        clearInterval(writer);
        await new Promise((r) => setTimeout(r, 1_200));
        const statements = (await transactions()) - statementsBefore;
        const answered = result.answered;
        const perRequest = (s: number) => (answered ? round((s * 1000) / answered, 3) : 0);
        const servers = serverSecondsBetween(before.servers, after.servers);
        const line = {
          bench: 'rest',
          route: route.name,
          load: loadName,
          path: route.path.replace(room.roomId, ':roomId'),
          rate: RATE,
          gateways: GATEWAYS,
          writesPerSecond: WRITES,
          writes: written,
          seconds: SECONDS,
          connections: CONNECTIONS,
          requestsPerSecond: round(result.requestsPerSecond, 1),
          requests: answered,
          latencyMs: { ...result.latencyMs, mean: round(result.latencyMs.mean, 2) },
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          queued: result.queued,
          clientLoopDelayMs: result.clientLoopDelayMs,
          cpuMsPerRequest: {
            gateway: perRequest(after.gateway - before.gateway),
            conversations: perRequest(after.conversations - before.conversations),
            postgresql: perRequest(servers.postgresql ?? 0),
            postgresqlOwn: perRequest(ownSecondsBetween(before.backends, after.backends)),
            nats: perRequest(servers.nats ?? 0),
            client: perRequest(
              (after.client.user + after.client.system - before.client.user - before.client.system) / 1e6,
            ),
          },
          statementsPerRequest: answered ? round(statements / answered, 2) : 0,
          gatewayLoopDelayMs: gatewayLoop,
          // Only with HEAP_PROFILE_DIR set (V8's sampling heap profiler, written there).
          gatewayKbAllocatedPerRequest: answered ? round(gatewayAllocated / 1024 / answered, 1) : 0,
          loadBefore,
          loadAfter: load(),
        };
        console.log(
          `${route.name} (${line.path}), ${loadName} load: ${line.requestsPerSecond} req/s (${answered} in ${SECONDS} s, ${written} writes), ` +
            `latency p50 ${line.latencyMs.p50} ms, p99 ${line.latencyMs.p99} ms, max ${line.latencyMs.max} ms; ` +
            `errors ${line.errors}, timeouts ${line.timeouts}, non-2xx ${line.non2xx}` +
            (line.queued === undefined
              ? '; '
              : `, waited for a connection ${line.queued}, the client's event-loop delay p99 ${round(line.clientLoopDelayMs!.p99, 1)} / max ${round(line.clientLoopDelayMs!.max, 1)} ms; `) +
            `CPU-ms per request: gateway ${line.cpuMsPerRequest.gateway}, conversations ${line.cpuMsPerRequest.conversations}, PostgreSQL ${line.cpuMsPerRequest.postgresql} (conversations' own backends ${line.cpuMsPerRequest.postgresqlOwn}), NATS ${line.cpuMsPerRequest.nats}, the client (${loadName}) ${line.cpuMsPerRequest.client}; ` +
            `SQL statements per request ${line.statementsPerRequest}; ` +
            `the gateway's event-loop delay p99 ${gatewayLoop.p99} / max ${gatewayLoop.max} ms` +
            (gatewayAllocated ? `, allocated ${line.gatewayKbAllocatedPerRequest} KB per request; ` : '; ') +
            `load ${loadBefore.join(' ')} -> ${line.loadAfter.join(' ')}`,
        );
        lines.push(line);
      }
    await stats.end();
    conversations.close();
    for (const line of lines) console.log(JSON.stringify(line));
  } finally {
    await stack.stop();
    jwks.close();
    await cleanUp(nc, namespace, stack.redisPrefix);
    await nc.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
