// A JetStream cluster of three nats-server processes on loopback ports, for tests that kill a
// node: the machine's shared server (4222) must never be touched, and each test slot gets ports of
// its own so parallel checkouts do not meet.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const NATS_SERVER = process.env.NATS_SERVER_BIN || '/usr/sbin/nats-server';

/**
 * Ports clear of every slot's test and fault-suite ports (13000-16800 and 10000 higher): 17300
 * moved like the test profile, by 200 per slot 1-4 and 10000 for slots 5-9.
 */
export function clusterBasePort(slot = process.env.PARLEY_TEST_SLOT): number {
  const n = slot === undefined || slot === '' ? 0 : Number(slot);
  if (!Number.isInteger(n) || n < 0 || n > 9) throw new Error(`PARLEY_TEST_SLOT must be 0-9, not "${slot}"`);
  return 17300 + 200 * (n % 5) + 10000 * Math.floor(n / 5);
}

export interface ClusterNode {
  name: string;
  clientPort: number;
  routePort: number;
  url: string;
  running(): boolean;
}

export interface NatsCluster {
  nodes: ClusterNode[];
  /** Every node's client URL, for a connection that fails over. */
  urls: string[];
  /** kill -9, as a crash or a lost machine. */
  kill(name: string): Promise<void>;
  /** Starts a stopped node again on its own store. */
  start(name: string): Promise<void>;
  /**
   * Runs `work` with the node paused (SIGSTOP: it holds its connections but reads nothing, as a
   * machine stalled; the others go on without it) and resumes it however `work` ends: its
   * replicas are then behind until they catch up.
   */
  whilePaused<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Stops every node and removes the stores. */
  destroy(): Promise<void>;
}

export async function startNatsCluster(basePort = clusterBasePort(), size = 3): Promise<NatsCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-nats-cluster-'));
  const nodes = Array.from({ length: size }, (_, i) => ({
    name: `n${i + 1}`,
    clientPort: basePort + i,
    routePort: basePort + 10 + i,
  }));
  const processes = new Map<string, ChildProcess>();
  const routes = nodes.map((n) => `nats://127.0.0.1:${n.routePort}`).join(',');

  async function start(name: string): Promise<void> {
    const node = nodes.find((n) => n.name === name);
    if (!node) throw new Error(`no node ${name}`);
    const store = join(dir, name);
    mkdirSync(store, { recursive: true });
    const log = createWriteStream(join(dir, `${name}.log`), { flags: 'a' });
    const child = spawn(
      NATS_SERVER,
      [
        '-a',
        '127.0.0.1',
        '-p',
        String(node.clientPort),
        '-n',
        name,
        '-js',
        '-sd',
        store,
        '--cluster_name',
        'parley-test',
        '--cluster',
        `nats://127.0.0.1:${node.routePort}`,
        '--routes',
        routes,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    processes.set(name, child);
    const deadline = Date.now() + 20_000;
    while (!(await canConnect(node.clientPort))) {
      if (child.exitCode !== null)
        throw new Error(`nats-server ${name} exited (${child.exitCode}); log in ${dir}`);
      if (Date.now() > deadline) throw new Error(`nats-server ${name} did not listen on ${node.clientPort}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function stop(name: string, signal: NodeJS.Signals): Promise<void> {
    const child = processes.get(name);
    processes.delete(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    child.kill('SIGCONT'); // a paused node handles SIGTERM only once it runs again
    await exited;
  }

  function signal(name: string, sig: NodeJS.Signals): void {
    const child = processes.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null)
      throw new Error(`node ${name} is not running`);
    child.kill(sig);
  }

  const cluster: NatsCluster = {
    nodes: nodes.map((n) => ({
      ...n,
      url: `nats://127.0.0.1:${n.clientPort}`,
      running: () => {
        const c = processes.get(n.name);
        return c !== undefined && c.exitCode === null && c.signalCode === null;
      },
    })),
    urls: nodes.map((n) => `nats://127.0.0.1:${n.clientPort}`),
    kill: (name) => stop(name, 'SIGKILL'),
    start,
    async whilePaused(name, work) {
      signal(name, 'SIGSTOP');
      try {
        return await work();
      } finally {
        signal(name, 'SIGCONT');
      }
    },
    async destroy() {
      await Promise.all(nodes.map((n) => stop(n.name, 'SIGTERM')));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await Promise.all(nodes.map((n) => start(n.name)));
  } catch (e) {
    await cluster.destroy();
    throw e;
  }
  return cluster;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
