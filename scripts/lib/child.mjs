// One program as a child process in its own process group, so stopping it also stops anything it
// started, and a Ctrl-C in the terminal reaches only the runner, which then stops children in order.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';

const KEEP_LINES = 60;

/**
 * @param options { name, command, args, cwd, env, onLine(line) | logFile, appendLog (keep what
 *                  the log file holds: a restart's output goes after the crash's) }
 * @returns a handle: { name, pid, exited (promise of {code, signal}), running(), lastLines(), stop() }
 */
export function startChild({ name, command, args, cwd, env, onLine, logFile, appendLog = false }) {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const recent = [];
  const file = logFile ? createWriteStream(logFile, { flags: appendLog ? 'a' : 'w' }) : null;
  let exitInfo = null;

  const remember = (line) => {
    recent.push(line);
    if (recent.length > KEEP_LINES) recent.shift();
    if (file) file.write(`${line}\n`);
    onLine?.(line);
  };
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', remember);
  }

  const exited = new Promise((resolve) => {
    child.once('error', (e) => {
      remember(`failed to start ${command}: ${e.message}`);
      exitInfo = { code: null, signal: null, error: e };
      resolve(exitInfo);
    });
    child.once('exit', (code, signal) => {
      exitInfo = { code, signal };
      // Let the last buffered output lines arrive before anyone reads them.
      setTimeout(() => {
        file?.end();
        resolve(exitInfo);
      }, 100);
    });
  });

  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };

  return {
    name,
    pid: child.pid,
    exited,
    running: () => exitInfo === null,
    lastLines: (n = 30) => recent.slice(-n),
    /** SIGTERM to the group, SIGKILL after `graceMs`. Resolves when the process has exited. */
    async stop(graceMs = 10000) {
      if (exitInfo) return exitInfo;
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
      const info = await exited;
      clearTimeout(timer);
      // Whatever the program left behind in its group goes too.
      signalGroup('SIGKILL');
      return info;
    },
  };
}

export function describeExit({ code, signal, error }) {
  if (error) return `could not be started (${error.message})`;
  return signal ? `was killed by ${signal}` : `exited with code ${code}`;
}
