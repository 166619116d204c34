// Programs the runner supervises are started again when they exit, with backoff, until stopped.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild } from '../lib/child.mjs';
import { superviseChild, type SupervisedChild } from '../lib/supervised-child.mjs';

const node = process.execPath;
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};
const until = async (what: string, check: () => boolean, timeoutMs = 10000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('superviseChild', () => {
  let dir: string;
  let supervised: SupervisedChild | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'parley-supervised-'));
  });
  afterEach(async () => {
    await supervised?.stop(500);
    supervised = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts a program that keeps exiting again, each delay double the last up to the ceiling, its log kept', async () => {
    const logFile = join(dir, 'crash.log');
    const spec = {
      name: 'crash',
      command: node,
      args: ['-e', "console.log('run ' + process.pid); process.exit(3)"],
      logFile,
    };
    const delays: number[] = [];
    const exits: string[] = [];
    supervised = superviseChild(startChild(spec), spec, {
      policy: { initialMs: 20, maxMs: 80, resetAfterMs: 60000 },
      onExit: (description, delayMs) => {
        exits.push(description);
        delays.push(delayMs);
      },
    });
    await until('four restarts', () => supervised!.restarts >= 4);
    expect(delays.slice(0, 4)).toEqual([20, 40, 80, 80]);
    expect(exits[0]).toBe('crash exited with code 3');
    await supervised.stop();
    // Every run's output, one after the other.
    await new Promise((r) => setTimeout(r, 150));
    expect(readFileSync(logFile, 'utf8').match(/^run \d+$/gm)!.length).toBeGreaterThanOrEqual(4);
  });

  it('starts a program killed with SIGKILL again, and the delay starts over once it ran long enough', async () => {
    const spec = { name: 'server', command: node, args: ['-e', 'setInterval(() => {}, 1000)'] };
    const delays: number[] = [];
    supervised = superviseChild(startChild(spec), spec, {
      policy: { initialMs: 30, maxMs: 1000, resetAfterMs: 300 },
      onExit: (_d, delayMs) => delays.push(delayMs),
    });
    const first = supervised.pid;
    process.kill(first, 'SIGKILL');
    await until('a new process', () => supervised!.restarts === 1 && supervised!.running());
    const second = supervised.pid;
    expect(second).not.toBe(first);
    process.kill(second, 'SIGKILL');
    await until('another new process', () => supervised!.restarts === 2 && supervised!.running());
    expect(delays).toEqual([30, 60]);
    // Up long enough: the next exit is treated as the first.
    await new Promise((r) => setTimeout(r, 400));
    process.kill(supervised.pid, 'SIGKILL');
    await until('a third new process', () => supervised!.restarts === 3 && supervised!.running());
    expect(delays).toEqual([30, 60, 30]);
  });

  it('stop() ends the program and cancels a restart that is waiting', async () => {
    const spec = { name: 'server', command: node, args: ['-e', 'setInterval(() => {}, 1000)'] };
    let restarted = 0;
    supervised = superviseChild(startChild(spec), spec, {
      policy: { initialMs: 300, maxMs: 300, resetAfterMs: 60000 },
      onRestart: () => restarted++,
    });
    const pid = supervised.pid;
    process.kill(pid, 'SIGKILL');
    await until('the exit to be seen', () => !supervised!.running());
    await supervised.stop();
    await new Promise((r) => setTimeout(r, 500));
    expect(restarted).toBe(0);
    expect(alive(pid)).toBe(false);

    const running = superviseChild(startChild(spec), spec);
    const runningPid = running.pid;
    expect(alive(runningPid)).toBe(true);
    const info = await running.stop();
    expect(info.signal).toBe('SIGTERM');
    expect(alive(runningPid)).toBe(false);
  });
});
