// A PostgreSQL cluster of the fault suite's own, in a temporary directory on its own port, that
// the suite may crash and restart at will: the machine's server (5432) is shared by everyone and
// must never be touched. initdb and postgres refuse to run as root, so as root they run as the
// postgres user.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The newest installed server's binaries (Debian: /usr/lib/postgresql/<major>/bin). */
function serverBinaries(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((d) => existsSync(join(root, d, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!majors[0]) throw new Error(`no PostgreSQL server binaries under ${root}`);
  return join(root, majors[0], 'bin');
}

const asRoot = process.getuid?.() === 0;

/** Runs a server binary, as the postgres user when this process is root. */
function run(binary: string, args: string[]): string {
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  return execFileSync(command, argv, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });
}

export interface PrivatePostgres {
  /** Server URL without a database, trust auth: postgres://postgres@127.0.0.1:<port> */
  url: string;
  port: number;
  /** Its files (data directory, socket, log). */
  dir: string;
  /** The running server's process id (postmaster.pid), if it runs. */
  pid(): number | undefined;
  start(): void;
  /** Stops it as a crash would (immediate mode: no checkpoint, recovery from the WAL on start). */
  crash(): void;
  /** Stops it and removes its files. */
  destroy(): void;
}

export function createPrivatePostgres(port: number): PrivatePostgres {
  const bin = serverBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'parley-faults-pg-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  run(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  // Durability against a process crash needs no fsync (the kernel keeps what was written); these
  // keep the suite fast on a busy machine. Sockets in its own directory, TCP on loopback only.
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
    '-c shared_buffers=64MB',
  ].join(' ');
  const pgCtl = join(bin, 'pg_ctl');
  let running = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}`,
    port,
    dir,
    pid() {
      const file = join(data, 'postmaster.pid');
      if (!existsSync(file)) return undefined;
      const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
      return Number.isInteger(pid) && pid > 0 ? pid : undefined;
    },
    start() {
      run(pgCtl, ['start', '-w', '-t', '60', '-D', data, '-l', join(dir, 'server.log'), '-o', options]);
      running = true;
    },
    crash() {
      run(pgCtl, ['stop', '-m', 'immediate', '-w', '-D', data]);
      running = false;
    },
    destroy() {
      if (running) {
        try {
          run(pgCtl, ['stop', '-m', 'immediate', '-w', '-D', data]);
        } catch {
          // Already down.
        }
      }
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
