import type { LeaderLock } from './leader';

/**
 * Several projections' leader locks held together, for a runner that consumes for all of them:
 * it is active only while it holds every one, so resetProjection of any member (which takes that
 * member's lock) refuses while the group runs, exactly as it does for a runner of its own.
 */
export class LeaderGroup {
  private readonly lostHandlers: (() => void)[] = [];

  constructor(private readonly locks: readonly LeaderLock[]) {
    for (const lock of locks) lock.onLost(() => this.lost());
  }

  get held(): boolean {
    return this.locks.every((l) => l.held);
  }

  /** All or none: a lock another replica holds releases the ones taken, so no two replicas each hold part. */
  async tryAcquire(): Promise<boolean> {
    for (const lock of this.locks) {
      let acquired: boolean;
      try {
        acquired = await lock.tryAcquire();
      } catch (e) {
        await this.release();
        throw e;
      }
      if (!acquired) {
        await this.release();
        return false;
      }
    }
    return true;
  }

  onLost(handler: () => void): void {
    this.lostHandlers.push(handler);
  }

  async release(): Promise<void> {
    await Promise.all(this.locks.map((l) => l.release()));
  }

  private lost(): void {
    for (const h of this.lostHandlers) h();
  }
}
