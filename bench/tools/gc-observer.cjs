/**
 * GC pauses of every Node process that preloads this file (NODE_OPTIONS is inherited by the
 * programs the bench starts):
 *   GC_REPORT_DIR=/tmp/gc NODE_OPTIONS="--require $PWD/tools/gc-observer.cjs" npm run bench:realtime
 * Each process writes `<dir>/<pid>.json` when it exits: its script and each collection's start
 * (ms since the process's start), duration (ms) and kind, and its timeOrigin; gc-report.mjs
 * summarises them, gc-overlap.mjs sets them against the bench's slowest messages.
 */
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { PerformanceObserver, constants, performance } = require('node:perf_hooks');

const dir = process.env.GC_REPORT_DIR;
if (dir) {
  const kinds = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
  };
  const pauses = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      pauses.push([
        Math.round(e.startTime),
        Math.round(e.duration * 100) / 100,
        kinds[e.detail?.kind] ?? 'other',
      ]);
  }).observe({ entryTypes: ['gc'] });
  process.on('exit', () => {
    writeFileSync(
      join(dir, `${process.pid}.json`),
      JSON.stringify({
        script: process.argv[1],
        execArgv: process.execArgv,
        // Pauses' starts are ms since this; gc-overlap.mjs puts them on the bench's clock with it.
        timeOrigin: performance.timeOrigin,
        pauses,
      }),
    );
  });
}
