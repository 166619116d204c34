// Programs run as children in their own process groups: output is kept and logged, and stop()
// ends the whole group, forcefully when a program ignores SIGTERM.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeExit, startChild } from '../lib/child.mjs';

const node = process.execPath;
/** Running, and not a zombie waiting for its new parent to reap it. */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
};
/** Resolves with the first line `child` prints that matches. */
const lineMatching = (lines: () => string[], pattern: RegExp) =>
  new Promise<string>((resolve, reject) => {
    const deadline = Date.now() + 10000;
    const poll = () => {
      const found = lines().find((l) => pattern.test(l));
      if (found) resolve(found);
      else if (Date.now() > deadline) reject(new Error(`no line matching ${pattern}`));
      else setTimeout(poll, 20);
    };
    poll();
  });

describe('startChild', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'parley-child-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps and logs the output, and stops the program with SIGTERM', async () => {
    const seen: string[] = [];
    const logFile = join(dir, 'p.log');
    const child = startChild({
      name: 'p',
      command: node,
      args: ['-e', "console.log('ready'); console.error('warned'); setInterval(() => {}, 1000)"],
      onLine: (l) => seen.push(l),
      logFile,
    });
    await lineMatching(() => child.lastLines(), /warned/);
    expect(child.running()).toBe(true);
    const info = await child.stop();
    expect(info.signal).toBe('SIGTERM');
    expect(describeExit(info)).toBe('was killed by SIGTERM');
    expect(child.running()).toBe(false);
    expect(seen).toEqual(expect.arrayContaining(['ready', 'warned']));
    expect(readFileSync(logFile, 'utf8')).toContain('ready\n');
  });

  it('kills a program that ignores SIGTERM after the grace period', async () => {
    const child = startChild({
      name: 'stubborn',
      command: node,
      args: [
        '-e',
        "process.on('SIGTERM', () => console.log('ignoring')); console.log('ready'); setInterval(() => {}, 1000)",
      ],
    });
    await lineMatching(() => child.lastLines(), /ready/);
    const info = await child.stop(300);
    expect(info.signal).toBe('SIGKILL');
    expect(child.lastLines()).toContain('ignoring');
  });

  it('stops what the program started too', async () => {
    const child = startChild({
      name: 'parent',
      command: node,
      args: [
        '-e',
        "const c = require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); console.log('grandchild ' + c.pid); setInterval(() => {}, 1000)",
      ],
    });
    const line = await lineMatching(() => child.lastLines(), /^grandchild \d+$/);
    const grandchild = Number(line.split(' ')[1]);
    expect(alive(grandchild)).toBe(true);
    await child.stop();
    await new Promise((r) => setTimeout(r, 100));
    expect(alive(grandchild)).toBe(false);
  });

  it('reports a program that exits by itself, with its last lines', async () => {
    const child = startChild({
      name: 'crash',
      command: node,
      args: ['-e', "console.error('boom: no config'); process.exit(3)"],
    });
    const info = await child.exited;
    expect(describeExit(info)).toBe('exited with code 3');
    expect(child.lastLines()).toEqual(['boom: no config']);
  });

  it('reports a command that cannot be started', async () => {
    const child = startChild({ name: 'missing', command: join(dir, 'no-such-program'), args: [] });
    const info = await child.exited;
    expect(describeExit(info)).toMatch(/^could not be started/);
  });
});
