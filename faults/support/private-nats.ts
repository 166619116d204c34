// A NATS server (JetStream on, its own port and store directory) the fault suite may kill and
// start again at will: the machine's server (4222) is shared by everyone and must never be touched.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild, type ChildHandle } from '../../scripts/lib/child.mjs';
import { canConnect, waitUntil } from '../../scripts/lib/net.mjs';

const NATS_SERVER = '/usr/sbin/nats-server';

export interface PrivateNats {
  url: string;
  port: number;
  /** Its store and log. */
  dir: string;
  /** The running server's process id, if it runs. */
  pid(): number | undefined;
  start(): Promise<void>;
  /** kill -9, as a crash. */
  kill(): Promise<void>;
  /** Stops it and removes its store. */
  destroy(): Promise<void>;
}

export function createPrivateNats(port: number): PrivateNats {
  const dir = mkdtempSync(join(tmpdir(), 'parley-faults-nats-'));
  let server: ChildHandle | undefined;
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    dir,
    pid: () => server?.pid,
    async start() {
      server = startChild({
        name: 'nats-server',
        command: NATS_SERVER,
        args: ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', join(dir, 'store')],
        logFile: join(dir, 'server.log'),
        appendLog: true,
      });
      await waitUntil(
        `nats-server on ${port}`,
        async () => {
          if (!server!.running()) throw new Error(`nats-server exited: ${server!.lastLines(10).join('\n')}`);
          return canConnect(port);
        },
        { timeoutMs: 30_000, intervalMs: 50 },
      );
    },
    async kill() {
      if (!server) return;
      process.kill(server.pid, 'SIGKILL');
      await server.exited;
      server = undefined;
    },
    async destroy() {
      await server?.stop(5000);
      server = undefined;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
