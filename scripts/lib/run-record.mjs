// Remembers which process groups a stack started, so a run that was killed before it could stop
// them (a crashed jest, a closed terminal) does not leave them holding the ports for the next run.
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runDir } from './paths.mjs';

const recordFile = (profile) => join(runDir, `stack-${profile}.json`);

function commandLineOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return null;
  }
}

export function writeRunRecord(profile, children) {
  mkdirSync(runDir, { recursive: true });
  const entries = children.map((c) => ({ name: c.name, pid: c.pid, commandLine: commandLineOf(c.pid) }));
  writeFileSync(
    recordFile(profile),
    JSON.stringify(
      { owner: { pid: process.pid, commandLine: commandLineOf(process.pid) }, children: entries },
      null,
      1,
    ) + '\n',
  );
}

export function clearRunRecord(profile) {
  rmSync(recordFile(profile), { force: true });
}

/**
 * Stops the process groups recorded by an earlier run of this profile whose runner is gone, but
 * only where the pid still runs the very command line recorded (a reused pid is left alone).
 * Returns the names of what it stopped.
 */
export function stopLeftovers(profile) {
  const file = recordFile(profile);
  if (!existsSync(file)) return [];
  let record;
  try {
    record = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    rmSync(file, { force: true });
    return [];
  }
  const owner = record.owner;
  if (owner && owner.pid !== process.pid && commandLineOf(owner.pid) === owner.commandLine) {
    throw new Error(
      `another ${profile} stack is running (runner pid ${owner.pid}: ${owner.commandLine}); stop it first, or delete ${file} if that is wrong`,
    );
  }
  const stopped = [];
  for (const entry of record.children ?? []) {
    const current = commandLineOf(entry.pid);
    if (current === null || current !== entry.commandLine) continue;
    try {
      process.kill(-entry.pid, 'SIGKILL');
      stopped.push(entry.name);
    } catch {
      // Gone meanwhile.
    }
  }
  rmSync(file, { force: true });
  return stopped;
}
