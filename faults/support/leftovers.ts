// The private servers of a run that was killed before its clean-up (a crashed jest, a CI job
// cancelled) would hold the faults profile's ports for the next run. Each run writes down what it
// started; the next one stops those first, where the pid still runs what was recorded.
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runDir } from '../../scripts/lib/paths.mjs';

const RECORD = join(runDir, 'faults-servers.json');

export interface ServerRecord {
  pid: number;
  /** The command line the pid ran, to tell it from a reused pid. */
  commandLine: string;
  /** Its files, removed with it. */
  dir: string;
}

export function commandLineOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return null;
  }
}

export function recordServers(servers: ServerRecord[]): void {
  mkdirSync(runDir, { recursive: true });
  writeFileSync(RECORD, `${JSON.stringify(servers, null, 1)}\n`);
}

/** Stops (SIGKILL) and removes what an earlier run recorded; returns what it stopped. */
export function stopLeftoverServers(): string[] {
  if (!existsSync(RECORD)) return [];
  let servers: ServerRecord[] = [];
  try {
    servers = JSON.parse(readFileSync(RECORD, 'utf8')) as ServerRecord[];
  } catch {
    // Unreadable: nothing to go by.
  }
  const stopped: string[] = [];
  for (const s of servers) {
    if (s.pid && commandLineOf(s.pid) === s.commandLine) {
      try {
        process.kill(s.pid, 'SIGKILL');
        stopped.push(s.commandLine);
      } catch {
        // Gone meanwhile.
      }
    }
    if (s.dir.includes('parley-faults-')) rmSync(s.dir, { recursive: true, force: true });
  }
  rmSync(RECORD, { force: true });
  return stopped;
}

export function clearServerRecord(): void {
  rmSync(RECORD, { force: true });
}
