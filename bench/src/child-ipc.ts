/**
 * The IPC a bench server child answers (realtime-gateway.ts, reference-server.ts), so the bench
 * reads its memory and event-loop delay in its own process:
 *   parent -> { type: 'memory' }  child -> { type: 'memory', rss, heapUsed, external }  (after GC)
 *   parent -> { type: 'loop' }    child -> { type: 'loop', p50, p99, max }  event-loop delay (ms) since the last ask
 *   parent -> { type: 'stop' }    child runs `stop` and exits.
 *   parent -> { type: 'heap-start' }  child starts V8's sampling heap profiler (HEAP_PROFILE_DIR set)
 *   parent -> { type: 'heap-stop' }   child -> { type: 'heap', bytes }  allocated since heap-start;
 *     the profile is written to HEAP_PROFILE_DIR as `<pid>-<n>.heapprofile`
 *     (HEAP_PROFILE_INTERVAL: the mean bytes between samples, default 4096).
 * Run with --expose-gc so the memory figures are taken after a full collection.
 * HEAP_SNAPSHOT_DIR=<dir>: each memory ask also writes a heap snapshot there (after the figures
 * are read), `<pid>-<n>.heapsnapshot`; bench/tools/heap-diff.mjs compares two by constructor.
 */
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import { HeapSampling } from './heap-sampling';

function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  // Twice: the first pass may only queue finalisers that free more.
  gc();
  gc();
}

/** Answers the parent's asks and tells it the server listens on `port`. */
export function serveParent(port: number, stop: () => Promise<void>): void {
  // How long callbacks wait for the loop: a busy server delays every relayed event by this much.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let snapshots = 0;
  const heapDir = process.env.HEAP_PROFILE_DIR;
  const heap = heapDir
    ? new HeapSampling(heapDir, Number(process.env.HEAP_PROFILE_INTERVAL ?? 4096))
    : undefined;
  process.on('message', (message: { type: string }) => {
    if (message.type === 'memory') {
      collect();
      const { rss, heapUsed, external } = process.memoryUsage();
      process.send!({ type: 'memory', rss, heapUsed, external });
      const dir = process.env.HEAP_SNAPSHOT_DIR;
      if (dir) writeHeapSnapshot(join(dir, `${process.pid}-${++snapshots}.heapsnapshot`));
    } else if (message.type === 'loop') {
      const ms = (ns: number) => Math.round(ns / 1e4) / 100;
      process.send!({
        type: 'loop',
        p50: ms(loop.percentile(50)),
        p99: ms(loop.percentile(99)),
        max: ms(loop.max),
      });
      loop.reset();
    } else if (message.type === 'heap-start') {
      heap?.start();
    } else if (message.type === 'heap-stop') {
      process.send!({ type: 'heap', bytes: heap ? heap.stop() : 0 });
    } else if (message.type === 'stop') {
      void stop().finally(() => process.exit(0));
    }
  });
  process.send!({ type: 'ready', port });
}
