// Faults under load, nothing lost: while visitors and the team write, each of conversations, the
// assistant, the gateway and a projection runner (notifications) is killed with SIGKILL in turn
// and the local runner starts it again; then NATS and PostgreSQL are crashed and restarted. Every
// message accepted (a 2xx) must be on the team's dashboard exactly once, nothing may be parked,
// and the conversations read model must equal a rebuild from the log.
//
// It runs on a PostgreSQL cluster and a NATS server of its own (started here, on the faults
// profile's ports; the machine's 5432 and 4222 are shared and never touched) and the product's
// programs on the faults profile's ports (PARLEY_TEST_SLOT moves them). The figures go to
// .run/faults-report.json and docs/faults.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { waitUntil } from '../scripts/lib/net.mjs';
import { logsDir, runDir } from '../scripts/lib/paths.mjs';
import { resolveProfile } from '../scripts/lib/profiles.mjs';
import { servicesWithDatabase } from '../scripts/lib/programs.mjs';
import type { RunningStack } from '../scripts/stack.mjs';
import { compare, readDashboard, type Delivery } from './support/dashboard';
import { DashboardSocket } from './support/dashboard-socket';
import { clearServerRecord, commandLineOf, recordServers, stopLeftoverServers } from './support/leftovers';
import { call } from './support/http';
import { createPrivateNats, type PrivateNats } from './support/private-nats';
import { createPrivatePostgres, type PrivatePostgres } from './support/private-postgres';
import { rebuildConversations } from './support/rebuild';
import { Traffic } from './support/traffic';

jest.setTimeout(8 * 60_000);

const PROGRAMS = [
  'mailcatcher',
  'identity',
  'notifications',
  'billing',
  'domains',
  'content',
  'conversations',
  'assistant',
  'gateway',
];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const say = (line: string) => process.stderr.write(`[faults] ${line}\n`);

describe('faults under load', () => {
  const ports = resolveProfile('faults').ports;
  let postgres: PrivatePostgres | undefined;
  let nats: PrivateNats | undefined;
  let stack: RunningStack | undefined;
  /** What a failed run must stop: the traffic and the dashboard's socket. */
  let openTraffic: Traffic | undefined;
  let openSocket: DashboardSocket | undefined;
  const stackLog: string[] = [];

  /** Writes down the private servers' pids, for the next run should this one be killed. */
  const recordOurServers = () =>
    recordServers(
      [postgres, nats].flatMap((server) => {
        const pid = server?.pid();
        return server && pid ? [{ pid, commandLine: commandLineOf(pid) ?? '', dir: server.dir }] : [];
      }),
    );

  beforeAll(async () => {
    const leftovers = stopLeftoverServers();
    if (leftovers.length) say(`stopped servers an earlier run left: ${leftovers.join('; ')}`);
    postgres = createPrivatePostgres(ports.postgres!);
    postgres.start();
    nats = createPrivateNats(ports.nats!);
    await nats.start();
    recordOurServers();
    const { startStack } = await import('../scripts/stack.mjs');
    stack = await startStack({
      profile: 'faults',
      programs: PROGRAMS,
      infrastructure: { postgres: postgres.url, nats: nats.url },
      // Quicker than npm start's: the suite waits for each program to come back.
      restart: { initialMs: 300, maxMs: 3000, resetAfterMs: 15000 },
      log: (line) => stackLog.push(line),
    });
    say(`stack up (namespace ${stack.namespace}); gateway ${stack.urls.gateway}`);
  }, 6 * 60_000);

  afterAll(async () => {
    // A run that failed half-way leaves clients going: nothing may keep the process alive.
    await openTraffic?.abandon();
    openSocket?.close();
    await stack?.stop();
    await nats?.destroy();
    postgres?.destroy();
    clearServerRecord();
    mkdirSync(join(logsDir, 'faults'), { recursive: true });
    writeFileSync(join(logsDir, 'faults', 'stack.log'), `${stackLog.join('\n')}\n`);
  });

  const allHealthy = () =>
    waitUntil(
      'every program to be healthy',
      async () => (await Promise.all(PROGRAMS.map((p) => stack!.isHealthy(p)))).every(Boolean),
      { timeoutMs: 90_000, intervalMs: 250 },
    );

  /** kill -9, then wait for the runner to have started it again and for it to be healthy. */
  const killProgram = async (name: string) => {
    const before = stack!.restartsOf(name);
    process.kill(stack!.pidOf(name)!, 'SIGKILL');
    await waitUntil(
      `${name} to be started again and healthy`,
      async () => stack!.restartsOf(name) > before && (await stack!.isHealthy(name)),
      { timeoutMs: 90_000, intervalMs: 100 },
    );
  };

  it('loses nothing: every accepted message is on the dashboard once, nothing parked, the read model equals a rebuild', async () => {
    const gateway = stack!.urls.gateway;
    const origin = `http://localhost:${ports.frontend}`;
    const login = await call<{ accessToken: string }>('POST', `${gateway}/api/auth/login`, {
      origin,
      body: { email: stack!.admin.email, password: stack!.admin.password },
    });
    expect(login.status).toBe(200);
    const token = login.body!.accessToken;
    const added = await call<{ data: { id: string } }>('POST', `${gateway}/api/domains`, {
      token,
      body: { domain: `faults-${stack!.namespace}.example.com` },
    });
    expect(added.status).toBe(201);
    const domainId = added.body!.data.id;
    // Something for the assistant to answer the visitors with.
    const article = await call('POST', `${gateway}/api/help-articles`, {
      token,
      body: {
        domainId,
        title: 'Returns policy',
        question: 'How do I return a mug and get a refund?',
        answer: 'You can return any mug within 30 days for a full refund.',
        tags: ['returns', 'refund'],
      },
    });
    expect(article.status).toBe(201);

    const traffic = new Traffic({
      gatewayUrl: gateway,
      teamToken: token,
      domainId,
      visitors: 5,
      visitorPauseMs: 400,
      teamPauseMs: 600,
      giveUpAfterMs: 60_000,
    });
    await waitUntil(
      'the domain to reach the widget',
      async () => {
        const session = await call('POST', `${gateway}/api/widget/session`, { body: { domainId } });
        return session.status === 200;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    openTraffic = traffic;
    const live = new DashboardSocket(gateway, token);
    openSocket = live;
    await live.ready();
    await traffic.setUp();

    const faults: { name: string; act(): Promise<void> }[] = [
      { name: 'conversations killed', act: () => killProgram('conversations') },
      { name: 'assistant killed', act: () => killProgram('assistant') },
      { name: 'gateway killed', act: () => killProgram('gateway') },
      { name: 'notifications (projection runner) killed', act: () => killProgram('notifications') },
      {
        name: 'NATS restarted',
        act: async () => {
          await nats!.kill();
          await sleep(1000);
          await nats!.start();
          recordOurServers();
          await allHealthy();
        },
      },
      {
        name: 'PostgreSQL restarted',
        act: async () => {
          postgres!.crash();
          await sleep(1000);
          postgres!.start();
          recordOurServers();
          await allHealthy();
        },
      },
    ];

    const started = Date.now();
    traffic.enter('warm-up');
    traffic.start();
    await sleep(4000);
    for (const fault of faults) {
      traffic.enter(fault.name);
      await sleep(2000);
      const t0 = Date.now();
      await fault.act();
      say(`${fault.name}: back after ${Date.now() - t0} ms`);
      await sleep(3000);
    }
    traffic.enter('after');
    await sleep(2000);
    await traffic.stop();
    const loadSeconds = Math.round((Date.now() - started) / 1000);

    // Every accepted message on the dashboard (its read model may still be catching up).
    let delivery: Delivery | undefined;
    let shown: Awaited<ReturnType<typeof readDashboard>> = [];
    try {
      await waitUntil(
        'every accepted message on the dashboard',
        async () => {
          shown = await readDashboard(gateway, token, traffic.rooms);
          delivery = compare(traffic.ledger, shown);
          return delivery.missing.length === 0;
        },
        { timeoutMs: 60_000, intervalMs: 500 },
      );
    } catch (e) {
      say(`still missing: ${JSON.stringify(delivery?.missing.slice(0, 5))}`);
      throw e;
    }
    const total = delivery!;

    // Pushed live to the dashboard too: every customer message accepted, the gateway's death and
    // the socket's reconnect notwithstanding (what it missed is replayed on resubscribing).
    const visitorMessages = traffic.ledger.filter((m) => m.author === 'visitor' && m.state === 'accepted');
    let notPushed = visitorMessages;
    try {
      await waitUntil(
        'every accepted visitor message pushed to the dashboard',
        () => {
          notPushed = visitorMessages.filter((m) => !live.pushed.has(m.clientId));
          return notPushed.length === 0;
        },
        { timeoutMs: 30_000, intervalMs: 250 },
      );
    } finally {
      live.close();
    }

    // Nothing parked anywhere.
    const parked: { service: string; projection: string; error: string }[] = [];
    for (const service of servicesWithDatabase) {
      const client = new pg.Client({
        connectionString: `${postgres!.url}/${stack!.databases.find((d) => d.endsWith(`_${service}`))}`,
      });
      await client.connect();
      try {
        const { rows } = await client.query(
          'SELECT projection, error FROM projection_dead_letters WHERE replayed_at IS NULL',
        );
        parked.push(...rows.map((r) => ({ service, ...r })));
      } finally {
        await client.end();
      }
    }

    // The figures, per phase and in all.
    const phases = [...new Set(traffic.ledger.map((m) => m.phase))];
    const perPhase = phases.map((phase) => {
      const d = compare(
        traffic.ledger.filter((m) => m.phase === phase),
        shown,
        { others: false },
      );
      return {
        phase,
        sent: d.sent,
        accepted: d.accepted,
        delivered: d.delivered,
        duplicates: d.duplicates.length,
        retried: d.retried,
        failed: d.failed,
        refused: d.refused,
      };
    });
    const restarts = Object.fromEntries(PROGRAMS.map((p) => [p, stack!.restartsOf(p)]));

    // The read model against a rebuild from the log (the programs stopped first: the rebuild uses
    // the same durable consumer names).
    await stack!.stop();
    const rebuild = await rebuildConversations({
      postgresUrl: postgres!.url,
      natsUrl: nats!.url,
      namespace: stack!.namespace,
      liveDatabase: stack!.databases.find((d) => d.endsWith('_conversations'))!,
      grpcPort: ports.conversationsGrpc,
      logFile: join(logsDir, 'faults', 'conversations-rebuild.log'),
    });

    const report = {
      at: new Date().toISOString(),
      loadSeconds,
      totals: {
        sent: total.sent,
        accepted: total.accepted,
        delivered: total.delivered,
        duplicates: total.duplicates.length,
        retried: total.retried,
        failed: total.failed,
        failedButShown: total.failedButShown,
        refused: total.refused,
        botReplies: total.botReplies,
      },
      perPhase,
      restarts,
      live: {
        visitorMessages: visitorMessages.length,
        pushed: visitorMessages.length - notPushed.length,
        reconnects: live.reconnects,
        resets: live.resets,
      },
      // Answers that were not a 2xx, by phase: outages must read 503 (try again) or no answer, never 500.
      notAccepted: traffic.failuresByPhase(),
      parked: parked.length,
      rebuild: rebuild.map((t) => ({
        table: t.table,
        live: t.live,
        rebuilt: t.rebuilt,
        equal: t.onlyLive.length + t.onlyRebuilt.length === 0,
      })),
    };
    writeFileSync(join(runDir, 'faults-report.json'), `${JSON.stringify(report, null, 2)}\n`);
    say(`report: ${JSON.stringify(report)}`);

    expect(total.duplicates).toEqual([]);
    expect(total.missing).toEqual([]);
    expect(total.refused).toBe(0);
    expect(total.failed).toBe(0);
    // A program or store that is away is the client's 503 (or no answer), never a 500.
    const fiveHundreds = Object.entries(traffic.failuresByPhase()).filter(([, byStatus]) => byStatus[500]);
    expect(fiveHundreds).toEqual([]);
    expect(total.botReplies).toBeGreaterThan(0);
    expect(total.delivered).toBe(total.accepted);
    expect(notPushed).toEqual([]);
    expect(live.resets).toBe(0);
    expect(parked).toEqual([]);
    for (const table of rebuild)
      expect({ table: table.table, onlyLive: table.onlyLive, onlyRebuilt: table.onlyRebuilt }).toEqual({
        table: table.table,
        onlyLive: [],
        onlyRebuilt: [],
      });
    expect(rebuild.find((t) => t.table === 'messages')!.live).toBeGreaterThan(total.accepted);
  });
});
