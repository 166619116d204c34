/**
 * What the realtime benchmark runs against: the gateway and (for SOURCE=widget) the conversations
 * service, each in its own process on the local Redis, NATS and PostgreSQL, in a random namespace;
 * a JWKS the gateway verifies the dashboard's token against; and the clean-up of all of it.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve as resolvePath } from 'node:path';
import { DomainsEvent, type DomainAdded } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { createTestDatabase, deleteNamespaceStreams, type TestDatabase } from '@parley/testing';
import { exportJWK, exportPKCS8, generateKeyPair, SignJWT } from 'jose';
import type { NatsConnection } from 'nats';
import { createClient } from 'redis';

export const ISSUER = 'parley-bench';
export const AUDIENCE = 'parley';

export interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
}

export interface Child {
  process: ChildProcess;
  port: number;
  stop(): Promise<void>;
}

/**
 * SERVER_NODE_FLAGS="--max-semi-space-size=64 ...": Node/V8 flags for the servers the bench starts
 * (gateway, conversations, identity, the reference server), not for the bench's own process.
 */
const serverFlags = (process.env.SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);

/** Forks a bench program (bundled beside this one) and waits for its `{ type: 'ready', port }`. */
export function startChild(script: string, env: Record<string, string>): Promise<Child> {
  const child = fork(join(__dirname, script), [], {
    // PROFILE_DIR=<dir>: a V8 CPU profile of the child, written when it exits.
    execArgv: [
      '--expose-gc',
      '--enable-source-maps',
      ...serverFlags,
      ...(process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : []),
    ],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.once('message', (m: { type: string; port: number }) => {
      if (m.type !== 'ready') return;
      resolve({
        process: child,
        port: m.port,
        stop: async () => {
          if (child.exitCode === null) child.send({ type: 'stop' });
          await exited;
        },
      });
    });
  });
}

async function freePort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const accepting = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * A service as it is deployed: its bundled program (`<dir>/dist/main.js`, built with `npm run
 * build -w <dir>`), configured from the environment, its ports (`portVars`) on free ports; ready
 * once the first of them accepts connections.
 */
export async function startProgram(
  dir: string,
  env: Record<string, string>,
  portVars: string[],
): Promise<Child> {
  const ports: Record<string, string> = {};
  for (const name of portVars) ports[name] = String(await freePort());
  const port = Number(ports[portVars[0]!]);
  const main = resolvePath(__dirname, '../..', dir, 'dist/main.js');
  const profile = process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, ['--enable-source-maps', ...serverFlags, ...profile, main], {
    env: { ...process.env, ...env, ...ports },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const end = Date.now() + 60_000;
  while (!(await accepting(port))) {
    if (child.exitCode !== null) throw new Error(`${dir} exited with ${child.exitCode}`);
    if (Date.now() > end) throw new Error(`${dir} did not start within 60 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    process: child,
    port,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The gateway's memory after a full collection (realtime-gateway.ts answers over IPC). */
export function askMemory(child: ChildProcess): Promise<Memory> {
  return new Promise((resolve) => {
    const onMessage = (m: Memory & { type: string }) => {
      if (m.type !== 'memory') return;
      child.off('message', onMessage);
      resolve({ rss: m.rss, heapUsed: m.heapUsed, external: m.external });
    };
    child.on('message', onMessage);
    child.send({ type: 'memory' });
  });
}

/** The gateway's event-loop delay since the last ask (realtime-gateway.ts answers over IPC). */
export function askLoopDelay(child: ChildProcess): Promise<{ p50: number; p99: number; max: number }> {
  return new Promise((resolve) => {
    const onMessage = (m: { type: string; p50: number; p99: number; max: number }) => {
      if (m.type !== 'loop') return;
      child.off('message', onMessage);
      resolve({ p50: m.p50, p99: m.p99, max: m.max });
    };
    child.on('message', onMessage);
    child.send({ type: 'loop' });
  });
}

/**
 * HEAP_PROFILE_DIR=<dir>: the servers forked over IPC sample their allocations between
 * `heapSampling(child, 'start')` and `heapSampling(child, 'stop')`, which answers the bytes
 * allocated in between (0 without the setting) and writes the profile there (child-ipc.ts).
 */
export function heapSampling(child: ChildProcess, action: 'start' | 'stop'): Promise<number> {
  if (action === 'start') {
    child.send({ type: 'heap-start' });
    return Promise.resolve(0);
  }
  return new Promise((resolve) => {
    const onMessage = (m: { type: string; bytes: number }) => {
      if (m.type !== 'heap') return;
      child.off('message', onMessage);
      resolve(m.bytes);
    };
    child.on('message', onMessage);
    child.send({ type: 'heap-stop' });
  });
}

/** An ES256 key whose JWKS this process serves; the dashboard's owner token is signed with it. */
export async function serveJwks(): Promise<{
  url: string;
  ownerToken(accountId: string): Promise<string>;
  close(): void;
}> {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'ES256', use: 'sig' };
  const server: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`,
    ownerToken: (accountId) =>
      new SignJWT({ role: 'OWNER', acct: accountId })
        .setProtectedHeader({ alg: 'ES256', kid: 'bench' })
        .setSubject(accountId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setExpirationTime('1h')
        .sign(privateKey),
    close: () => server.close(),
  };
}

/**
 * A domain as the domains service announces it (domains.DomainAdded), so conversations accepts
 * visitors of it; resolves once conversations' read model has it.
 */
export async function announceDomain(
  nc: NatsConnection,
  namespace: string,
  db: TestDatabase,
  accountId: string,
): Promise<string> {
  const domainId = randomUUID();
  const store = new EventStore(nc, { context: 'domains', namespace });
  const data: DomainAdded = {
    domainId,
    accountId,
    addedBy: accountId,
    domain: `bench-${domainId.slice(0, 8)}.example.com`,
    addedAt: new Date().toISOString(),
  };
  await store.append(store.subject('domain', domainId), [{ type: DomainsEvent.DomainAdded, data }], {
    expectedVersion: 0,
    commandId: randomUUID(),
  });
  const end = Date.now() + 30_000;
  while (!(await db.pool.query('SELECT 1 FROM domains WHERE domain_id = $1', [domainId])).rowCount) {
    if (Date.now() > end) throw new Error('conversations did not hear of the domain');
    await new Promise((r) => setTimeout(r, 50));
  }
  return domainId;
}

export { createTestDatabase };

/** A PEM ES256 key for identity (the bench never uses identity's tokens; the gateway needs its settings). */
export async function identitySigningKey(): Promise<string> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return exportPKCS8(privateKey);
}

/** Removes the namespace's streams and the gateway's Redis keys. */
export async function cleanUp(nc: NatsConnection, namespace: string, redisPrefix: string): Promise<void> {
  await deleteNamespaceStreams(nc, namespace).catch(() => undefined);
  const redis = createClient({ url: process.env.REDIS_URL || 'redis://127.0.0.1:6379' });
  await redis.connect();
  for await (const keys of redis.scanIterator({ MATCH: `${redisPrefix}:*`, COUNT: 1000 }))
    if (keys.length) await redis.del(keys);
  await redis.close();
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); 0 where unreadable. */
export function cpuSecondsOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    // Fields after the command (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * Write system calls (write, writev, send...) a process has made so far, every thread together,
 * from /proc/<pid>/io (Linux; a process of another user needs root); 0 where unreadable. On
 * loopback each one also wakes its reader, so their count per message is what batching saves.
 */
export function writeCallsOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    return Number(/^syscw: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The local servers the whole path runs on, by their process name. */
const SERVERS = { 'nats-server': 'nats', 'redis-server': 'redis', postgres: 'postgresql' } as const;

/**
 * CPU seconds so far of every process of the local servers (NATS, Redis, each PostgreSQL
 * backend), by pid: they also serve anything else running on the machine, so their share is an
 * upper bound of what the bench costs them.
 */
export function serverProcesses(): Map<number, { server: string; s: number; w: number; parent: number }> {
  const found = new Map<number, { server: string; s: number; w: number; parent: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      const server = SERVERS[comm as keyof typeof SERVERS];
      if (server)
        found.set(Number(entry), {
          server,
          s: cpuSecondsOf(Number(entry)),
          w: writeCallsOf(Number(entry)),
          parent: parentOf(Number(entry)),
        });
    } catch {
      // The process ended while listed.
    }
  }
  return found;
}

/** A process's parent pid, from /proc (Linux); 0 where unreadable. */
function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

/**
 * CPU seconds one PostgreSQL server of the run's own spent between two readings: its postmaster
 * (`pid`) and every backend and worker it forked (new ones from zero).
 */
export function ownServerSecondsBetween(
  before: Map<number, { s: number }>,
  after: Map<number, { s: number; parent: number }>,
  pid: number,
): number {
  let spent = 0;
  for (const [p, { s, parent }] of after)
    if (p === pid || parent === pid) spent += s - (before.get(p)?.s ?? 0);
  return spent;
}

/**
 * How much of one reading (`s`: CPU seconds, `w`: write system calls) each server spent between
 * two `serverProcesses()` readings, summed over its processes (new processes from zero).
 */
function serverDeltaBetween<K extends 's' | 'w'>(
  before: Map<number, Record<K, number>>,
  after: Map<number, { server: string } & Record<K, number>>,
  field: K,
): Record<string, number> {
  const spent: Record<string, number> = {};
  for (const [pid, reading] of after)
    spent[reading.server] = (spent[reading.server] ?? 0) + reading[field] - (before.get(pid)?.[field] ?? 0);
  return spent;
}

/** CPU seconds each server spent between two `serverProcesses()` readings. */
export const serverSecondsBetween = (
  before: Map<number, { s: number }>,
  after: Map<number, { server: string; s: number }>,
): Record<string, number> => serverDeltaBetween(before, after, 's');

/** Write system calls each server made between two `serverProcesses()` readings. */
export const serverWritesBetween = (
  before: Map<number, { w: number }>,
  after: Map<number, { server: string; w: number }>,
): Record<string, number> => serverDeltaBetween(before, after, 'w');

/** CPU seconds the whole machine spent busy (every core, every process) so far, from /proc/stat. */
export function machineBusySeconds(): number {
  try {
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (
      ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / CLOCK_TICKS
    );
  } catch {
    return 0;
  }
}

/** USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK). */
const CLOCK_TICKS = 100;
