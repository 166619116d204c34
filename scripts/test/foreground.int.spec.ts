// npm start's way of running: Ctrl-C stops every program it started, one waiting to restart
// included, and the runner exits.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

describe('runInForeground', () => {
  it('on SIGINT stops every program, a restart waiting included, and exits 0', async () => {
    const runner = spawn(process.execPath, [join(__dirname, 'support', 'foreground-stack.mjs')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    runner.stdout.on('data', (d) => (out += d));
    runner.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => runner.once('exit', (code) => resolve(code)));
    const pids = () => [...out.matchAll(/^pid (\d+)$/gm)].map((m) => Number(m[1]));
    // Both started, and the crasher started again at least once (so it keeps restarting).
    const deadline = Date.now() + 10000;
    while (pids().length < 3 || !out.includes('press Ctrl-C')) {
      if (Date.now() > deadline) throw new Error(`the runner did not get going:\n${out}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const server = pids()[0]!;
    expect(alive(server)).toBe(true);

    runner.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(out).toContain('[stack] stopped');
    for (const pid of pids()) expect(alive(pid)).toBe(false);
    // Nothing started after the stop.
    const seen = pids().length;
    await new Promise((r) => setTimeout(r, 600));
    expect(pids().length).toBe(seen);
  });
});
