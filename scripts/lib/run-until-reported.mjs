// Runs a test runner that writes a report file when its tests are done, and makes sure it ends:
// a jest tier whose tests leave a handle open (a server, a socket, a timer) finishes its run,
// writes its report and then never exits, which would hold CI until its hard timeout. Once the
// report is there the runner gets `graceMs` to exit; then it is killed and the hang is reported.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, report: string, graceMs?: number, pollMs?: number,
 *           log?: (line: string) => void }} options
 * @returns {Promise<{ code: number, hung: boolean }>} code 1 when killed by a signal
 */
export function runUntilReported(command, args, options) {
  const { cwd, report, graceMs = 60_000, pollMs = 1_000, log = (l) => console.error(l) } = options;
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
    let hung = false;
    let grace;
    const poll = setInterval(() => {
      if (!existsSync(report)) return;
      clearInterval(poll);
      grace = setTimeout(() => {
        hung = true;
        log(
          `${command} did not exit ${Math.round(graceMs / 1000)} s after writing its report (open handles?): stopping it`,
        );
        child.kill('SIGKILL');
      }, graceMs);
    }, pollMs);
    const done = (code) => {
      clearInterval(poll);
      clearTimeout(grace);
      resolve({ code, hung });
    };
    child.once('error', (e) => {
      log(`could not run ${command}: ${e.message}`);
      done(1);
    });
    child.once('exit', (code, signal) => done(signal ? 1 : (code ?? 1)));
  });
}
