/**
 * Starts dashboard-observer.ts (bundled beside this bench as dashboard-observer.js) on a worker
 * thread and hands its stamps to the bench: `onDelivered(n, at)` when bench message n reached the
 * dashboard socket, `onAppended(n, at)` when it was seen in JetStream, both on the clock of
 * `stamp()` (performance.timeOrigin + performance.now(), the same on every thread).
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { ObserverData } from './dashboard-observer';

export const stamp = () => performance.timeOrigin + performance.now();

export interface DashboardThread {
  /** Stops the JetStream consumer (the burst's CPU per message is then the product's). */
  unwatch(): void;
  close(): Promise<void>;
}

type Seen = (n: number, at: number) => void;

export async function startDashboardThread(
  data: ObserverData,
  onDelivered: Seen,
  onAppended: Seen,
): Promise<DashboardThread> {
  const worker = new Worker(join(__dirname, 'dashboard-observer.js'), { workerData: data });
  const each = (pairs: number[], seen: Seen) => {
    for (let i = 0; i < pairs.length; i += 2) seen(pairs[i]!, pairs[i + 1]!);
  };
  let closed: () => void = () => undefined;
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`dashboard-observer exited with ${code}`)));
    worker.on('message', (m: { type: string; delivered?: number[]; appended?: number[] }) => {
      if (m.type === 'ready') resolve();
      if (m.type === 'closed') closed();
      if (m.type !== 'seen') return;
      each(m.appended ?? [], onAppended);
      each(m.delivered ?? [], onDelivered);
    });
  });
  return {
    unwatch: () => worker.postMessage({ type: 'unwatch' }),
    close: async () => {
      // A worker that already died (its socket or NATS connection failed) answers nothing.
      const done = new Promise<void>((r) => {
        closed = r;
        worker.once('exit', () => r());
      });
      worker.postMessage({ type: 'close' });
      await done;
      await worker.terminate();
    },
  };
}
