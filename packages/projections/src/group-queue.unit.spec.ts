import { GroupQueue } from './group-queue';

const tick = () => new Promise<void>((r) => setImmediate(r));

describe('GroupQueue', () => {
  it('applies the first item alone and at once, then everything that arrived meanwhile together', async () => {
    const groups: number[][] = [];
    let release: () => void = () => undefined;
    const queue = new GroupQueue<number>({
      maxGroup: 10,
      maxWaiting: 100,
      apply: async (g) => {
        groups.push(g);
        if (groups.length === 1) await new Promise<void>((r) => (release = r));
      },
      failed: () => undefined,
    });
    void queue.add(1);
    expect(groups).toEqual([[1]]);
    for (let i = 2; i <= 5; i++) void queue.add(i);
    await tick();
    expect(groups).toEqual([[1]]);
    release();
    await queue.settled();
    expect(groups).toEqual([[1], [2, 3, 4, 5]]);
  });

  describe('lingerMs', () => {
    const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
    const lingering = (clock: { t: number }, groups: number[][], o = { maxGroup: 10, lingerMs: 50 }) =>
      new GroupQueue<number>({
        ...o,
        maxWaiting: 100,
        now: () => clock.t,
        apply: async (g) => {
          groups.push(g);
        },
        failed: () => undefined,
      });

    it('an item that comes within lingerMs of the last group waits, and what comes meanwhile goes with it', async () => {
      const clock = { t: 1000 };
      const groups: number[][] = [];
      const queue = lingering(clock, groups);
      void queue.add(1); // the first: nothing before it, applied at once
      await queue.settled();
      expect(groups).toEqual([[1]]);
      clock.t += 10; // busy: 10 ms after the last group ended
      void queue.add(2);
      void queue.add(3);
      await tick();
      expect(groups).toEqual([[1]]);
      await sleep(20);
      void queue.add(4);
      await queue.settled();
      expect(groups).toEqual([[1], [2, 3, 4]]);
    });

    it('an item after a quiet spell longer than lingerMs is applied at once', async () => {
      const clock = { t: 1000 };
      const groups: number[][] = [];
      const queue = lingering(clock, groups);
      void queue.add(1);
      await queue.settled();
      clock.t += 51;
      void queue.add(2);
      expect(groups).toEqual([[1], [2]]);
      await queue.settled();
    });

    it('a full group does not wait', async () => {
      const clock = { t: 1000 };
      const groups: number[][] = [];
      const queue = lingering(clock, groups, { maxGroup: 1, lingerMs: 10_000 });
      void queue.add(1);
      await queue.settled();
      void queue.add(2);
      expect(groups).toEqual([[1], [2]]);
      await queue.settled();
    });

    it('refuses a negative or endless linger', () => {
      const o = { maxGroup: 2, maxWaiting: 2, apply: async () => undefined, failed: () => undefined };
      expect(() => new GroupQueue({ ...o, lingerMs: -1 })).toThrow(RangeError);
      expect(() => new GroupQueue({ ...o, lingerMs: Infinity })).toThrow(RangeError);
    });
  });

  it('never puts more than maxGroup in one group and keeps the order', async () => {
    const groups: number[][] = [];
    const queue = new GroupQueue<number>({
      maxGroup: 3,
      maxWaiting: 100,
      apply: async (g) => {
        groups.push(g);
        await tick();
      },
      failed: () => undefined,
    });
    for (let i = 1; i <= 8; i++) void queue.add(i);
    await queue.settled();
    expect(groups).toEqual([[1], [2, 3, 4], [5, 6, 7], [8]]);
  });

  it('asks the caller to wait once maxWaiting are queued', async () => {
    const queue = new GroupQueue<number>({
      maxGroup: 1,
      maxWaiting: 3,
      apply: () => tick(),
      failed: () => undefined,
    });
    expect(queue.add(1)).toBeUndefined(); // taken at once
    expect(queue.add(2)).toBeUndefined();
    expect(queue.add(3)).toBeUndefined();
    const wait = queue.add(4);
    expect(wait).toBeInstanceOf(Promise);
    await wait;
    await queue.settled();
  });

  it('a failing apply stops the queue: waiting items are dropped, failed is told once, add and settled throw it', async () => {
    const applied: number[][] = [];
    const failures: unknown[] = [];
    const boom = new Error('boom');
    const queue = new GroupQueue<number>({
      maxGroup: 10,
      maxWaiting: 100,
      apply: async (g) => {
        applied.push(g);
        await tick();
        if (g.includes(2)) throw boom;
      },
      failed: (e) => failures.push(e),
    });
    void queue.add(1);
    void queue.add(2);
    await tick();
    void queue.add(3);
    await expect(queue.settled()).rejects.toBe(boom);
    expect(applied).toEqual([[1], [2]]);
    expect(failures).toEqual([boom]);
    expect(() => queue.add(4)).toThrow(boom);
  });

  it('refuses sizes that are not positive integers', () => {
    const apply = async () => undefined;
    expect(() => new GroupQueue({ maxGroup: 0, maxWaiting: 1, apply, failed: () => undefined })).toThrow(
      RangeError,
    );
    expect(() => new GroupQueue({ maxGroup: 1, maxWaiting: 1.5, apply, failed: () => undefined })).toThrow(
      RangeError,
    );
  });
});
