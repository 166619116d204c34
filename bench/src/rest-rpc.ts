/**
 * The CPU of the conversations call behind the dashboard's conversation list (its first page of
 * 50 rooms), field by field against as JSON (ListRooms' rooms_json), alternated in one run so both
 * see the same host: the conversations service in this process (its own database and namespace,
 * as the int specs start it), ROOMS rooms, then ROUNDS rounds of CALLS calls of each mode,
 * CONCURRENCY at a time. Per call: this process's CPU (the service, its pg and gRPC, and the
 * caller's decoding as the gateway's client does it) and conversations' own PostgreSQL backends.
 * On a shared machine this is the figure to compare, not bench:rest's.
 *
 *   ROOMS=200 ROUNDS=4 CALLS=1000 CONCURRENCY=10 npm run bench:rest-rpc
 *
 * (The bundle sits one folder down, beside a copy of conversations' migrations, where the
 * service's start looks for them relative to its code.)
 */
import { loadavg } from 'node:os';
import { Client } from 'pg';
import { TEST_DATABASE_SERVER } from '@parley/testing';
import { newOwner } from '../../services/conversations/test/conversations-client';
import { startHarness } from '../../services/conversations/test/harness';
import { cpuSecondsOf } from './realtime-stack';
import { intSetting } from './settings';
import { round } from './stats';

const ROOMS = intSetting('ROOMS', 200);
const ROUNDS = intSetting('ROUNDS', 4);
const CALLS = intSetting('CALLS', 1000);
const CONCURRENCY = intSetting('CONCURRENCY', 10);

const load = () => loadavg().map((l) => round(l, 1));
const parsed = (json: Buffer) => JSON.parse(json.toString('utf8')) as unknown[];

async function main(): Promise<void> {
  const h = await startHarness();
  const stats = new Client({ connectionString: TEST_DATABASE_SERVER });
  await stats.connect();
  try {
    const owner = newOwner();
    const domainId = await h.domains.added(owner.accountId);
    for (let i = 0; i < ROOMS; i += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, ROOMS - i) }, async () => {
          const { visitor } = await h.newVisitor(domainId);
          await h.call('PostVisitorMessage', { visitor, content: 'Hello', clientId: '' });
        }),
      );
    }
    const caller = owner;
    const calls = {
      'list, field by field': async () =>
        (await h.call('ListRooms', { caller, filter: 'all' })).rooms as unknown[],
      'list, as JSON': async () =>
        parsed((await h.call('ListRooms', { caller, filter: 'all', roomsAsJson: true })).roomsJson),
    };
    for (const [name, call] of Object.entries(calls)) {
      const answer = await call();
      console.log(`${name}: ${answer.length} in the answer`);
    }
    const backends = async () => {
      const { rows } = await stats.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = $1',
        [h.db.name],
      );
      return new Map(rows.map(({ pid }) => [pid, cpuSecondsOf(pid)]));
    };
    // A backend the pool closed meanwhile is left out (its CPU since is lost, a slight undercount).
    const secondsBetween = (before: Map<number, number>, after: Map<number, number>) =>
      [...after].reduce((sum, [pid, s]) => sum + s - (before.get(pid) ?? 0), 0);
    const totals = new Map<string, { self: number; pg: number; calls: number; ms: number }>();
    for (let r = 0; r < ROUNDS; r++) {
      for (const [name, call] of Object.entries(calls)) {
        for (let i = 0; i < 50; i++) await call(); // warm-up
        const pgBefore = await backends();
        const before = process.cpuUsage();
        const started = performance.now();
        let left = CALLS;
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (left-- > 0) await call();
          }),
        );
        const ms = performance.now() - started;
        const cpu = process.cpuUsage(before);
        const pg = secondsBetween(pgBefore, await backends());
        const t = totals.get(name) ?? { self: 0, pg: 0, calls: 0, ms: 0 };
        totals.set(name, {
          self: t.self + (cpu.user + cpu.system) / 1e6,
          pg: t.pg + pg,
          calls: t.calls + CALLS,
          ms: t.ms + ms,
        });
        console.log(
          `round ${r + 1}, ${name}: ${round((cpu.user + cpu.system) / 1e3 / CALLS, 3)} CPU-ms per call in this process, ` +
            `${round((pg * 1e3) / CALLS, 3)} in PostgreSQL; ${round((CALLS * 1e3) / ms, 0)} calls/s; load ${load().join(' ')}`,
        );
      }
    }
    for (const [name, t] of totals)
      console.log(
        JSON.stringify({
          bench: 'rest-rpc',
          call: name,
          calls: t.calls,
          cpuMsPerCall: round((t.self * 1e3) / t.calls, 3),
          postgresqlCpuMsPerCall: round((t.pg * 1e3) / t.calls, 3),
          callsPerSecond: round((t.calls * 1e3) / t.ms, 0),
        }),
      );
  } finally {
    await stats.end();
    await h.stop();
  }
}

main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  // A failed start leaves its NATS connection open.
  .finally(() => process.exit());
