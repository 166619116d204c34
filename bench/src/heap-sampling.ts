/**
 * V8's sampling heap profiler over a window of a bench server's life, counting what was
 * collected too (so the profile is what the window allocated, not what survived it):
 * `bench/tools/heap-profile-summary.mjs` summarises the written `.heapprofile` by function.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

interface ProfileNode {
  selfSize: number;
  children: ProfileNode[];
}

/** Bytes the sampled tree accounts for (V8 scales each sample to the bytes it stands for). */
export function sampledBytes(node: ProfileNode): number {
  let total = node.selfSize;
  for (const child of node.children) total += sampledBytes(child);
  return total;
}

export class HeapSampling {
  private readonly session = new Session();
  private windows = 0;

  constructor(private readonly dir: string, private readonly intervalBytes: number) {
    this.session.connect();
  }

  start(): void {
    // The main thread's session answers synchronously.
    this.session.post('HeapProfiler.startSampling', {
      samplingInterval: this.intervalBytes,
      includeObjectsCollectedByMajorGC: true,
      // HEAP_PROFILE_SURVIVORS=1: leave out what scavenges collected, so the profile is what was
      // promoted (or still lives): the allocations that make full collections.
      includeObjectsCollectedByMinorGC: process.env.HEAP_PROFILE_SURVIVORS !== '1',
    } as object);
  }

  /** Stops, writes `<pid>-<n>.heapprofile` and returns the bytes the window allocated. */
  stop(): number {
    let bytes = 0;
    this.session.post('HeapProfiler.stopSampling', (error, result) => {
      if (error) throw error;
      const path = join(this.dir, `${process.pid}-${++this.windows}.heapprofile`);
      writeFileSync(path, JSON.stringify(result.profile));
      bytes = sampledBytes(result.profile.head as ProfileNode);
    });
    return bytes;
  }
}
