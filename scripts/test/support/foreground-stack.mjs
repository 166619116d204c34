// A stand-in for `npm start` in tests: runInForeground with two supervised programs, one that
// runs and one that keeps crashing (so a restart is waiting when the signal comes). Prints the
// pids of everything it started, one `pid <n>` line each.
import { startChild } from '../../lib/child.mjs';
import { runInForeground } from '../../lib/foreground.mjs';
import { superviseChild } from '../../lib/supervised-child.mjs';

const node = process.execPath;
const specs = [
  { name: 'server', command: node, args: ['-e', 'setInterval(() => {}, 1000)'] },
  { name: 'crasher', command: node, args: ['-e', 'setTimeout(() => process.exit(1), 50)'] },
];

await runInForeground({
  start: async () => {
    const supervised = specs.map((spec) =>
      superviseChild(startChild(spec), spec, {
        policy: { initialMs: 200, maxMs: 400, resetAfterMs: 60000 },
        onRestart: (child) => console.log(`pid ${child.pid}`),
      }),
    );
    for (const s of supervised) console.log(`pid ${s.pid}`);
    return { stop: async () => void (await Promise.all(supervised.map((s) => s.stop(2000)))) };
  },
});
