/**
 * The dashboard's REST reads under load: GET /api/conversations (the conversation list) and GET
 * /api/conversations/:roomId/messages (one room's messages) with an owner token, each at RATE
 * requests/s for SECONDS, through the gateway to the conversations service's read model (its
 * read-model barrier in place, as deployed). identity, conversations and the gateway run as in
 * bench:realtime (SOURCE=widget); ROOMS visitors each open a room with a first message, and the
 * room read gets ROOM_MESSAGES messages, posted to conversations directly (the gateway's
 * per-visitor message limit would take minutes).
 *
 *   ROOMS=200 ROOM_MESSAGES=50 RATE=500 SECONDS=20 CONNECTIONS=50 npm run bench:rest
 *
 * autocannon sends at a fixed overall rate from CONNECTIONS keep-alive connections; latency is
 * from each request's write to its whole answer. Per request: the CPU of the gateway,
 * conversations, PostgreSQL (all of it, and conversations' own backends alone), NATS and this
 * process (autocannon, the client), and the statements conversations' database ran (its
 * transactions: every read is one statement in its own).
 *
 * The gateway answers a repeated read from the answer it kept while conversations confirms the
 * account's rows unchanged (docs/decisions.md, 37). WRITES=n (default 0) posts n visitor messages
 * a second to the account's rooms, one room after another, during each route's load, so that
 * kept answers are refused as often as a busy account's would be.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { connectTestNats, randomNamespace, TEST_DATABASE_SERVER } from '@parley/testing';
import { createConversationsClient } from '../../gateway/src/clients/conversations-client';
import { createVisitors, startStack, type RunSettings } from './realtime-setup';
import { cleanUp, cpuSecondsOf, serverProcesses, serverSecondsBetween, serveJwks } from './realtime-stack';
import { intSetting } from './settings';
import { round } from './stats';

const ROOMS = intSetting('ROOMS', 200);
const ROOM_MESSAGES = intSetting('ROOM_MESSAGES', 50);
const RATE = intSetting('RATE', 500);
const SECONDS = intSetting('SECONDS', 20);
const CONNECTIONS = intSetting('CONNECTIONS', 50);
const WRITES = intSetting('WRITES', 0);

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
    gateways: 1,
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
    const gateway = stack.named.find((n) => n.name === 'gateway0')!.child;
    const service = stack.named.find((n) => n.name === 'conversations')!.child;
    for (const route of routes) {
      // Warm-up: JIT, gRPC channel, connection pools.
      await autocannon({ url: `${url}${route.path}`, headers, connections: 10, amount: 500 });
      const loadBefore = load();
      const cpu = async () => ({
        gateway: cpuSecondsOf(gateway.process.pid),
        conversations: cpuSecondsOf(service.process.pid),
        servers: serverProcesses(),
        backends: await ownBackends(),
        // This process: autocannon, the client of every request, on the same two cores.
        client: process.cpuUsage(),
      });
      // The statistics collector reports a backend's counts when it goes idle, within a second.
      await new Promise((r) => setTimeout(r, 1_200));
      const statementsBefore = await transactions();
      const before = await cpu();
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
      const result = await autocannon({
        url: `${url}${route.path}`,
        headers,
        connections: CONNECTIONS,
        overallRate: RATE,
        duration: SECONDS,
      });
      const after = await cpu();
      clearInterval(writer);
      await new Promise((r) => setTimeout(r, 1_200));
      const statements = (await transactions()) - statementsBefore;
      const answered = result.requests.total;
      const perRequest = (s: number) => (answered ? round((s * 1000) / answered, 3) : 0);
      const servers = serverSecondsBetween(before.servers, after.servers);
      const line = {
        bench: 'rest',
        route: route.name,
        path: route.path.replace(room.roomId, ':roomId'),
        rate: RATE,
        writesPerSecond: WRITES,
        writes: written,
        seconds: SECONDS,
        connections: CONNECTIONS,
        requestsPerSecond: round(result.requests.average, 1),
        requests: answered,
        latencyMs: {
          p50: result.latency.p50,
          p90: result.latency.p90,
          p99: result.latency.p99,
          max: result.latency.max,
          mean: round(result.latency.mean, 2),
        },
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
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
        loadBefore,
        loadAfter: load(),
      };
      console.log(
        `${route.name} (${line.path}): ${line.requestsPerSecond} req/s (${answered} in ${SECONDS} s, ${written} writes), ` +
          `latency p50 ${line.latencyMs.p50} ms, p99 ${line.latencyMs.p99} ms, max ${line.latencyMs.max} ms; ` +
          `errors ${line.errors}, timeouts ${line.timeouts}, non-2xx ${line.non2xx}; ` +
          `CPU-ms per request: gateway ${line.cpuMsPerRequest.gateway}, conversations ${line.cpuMsPerRequest.conversations}, PostgreSQL ${line.cpuMsPerRequest.postgresql} (conversations' own backends ${line.cpuMsPerRequest.postgresqlOwn}), NATS ${line.cpuMsPerRequest.nats}, the client (autocannon) ${line.cpuMsPerRequest.client}; ` +
          `SQL statements per request ${line.statementsPerRequest}; ` +
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
