import { Lanes } from './lanes';

const tick = () => new Promise((r) => setImmediate(r));

/** A task that runs until released, recording when it starts and ends. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  return {
    release,
    task: async () => {
      log.push(`${name}+`);
      await done;
      log.push(`${name}-`);
    },
  };
}

describe('Lanes', () => {
  it('runs one lane’s tasks in order while another lane runs beside them', async () => {
    const lanes = new Lanes(4);
    const log: string[] = [];
    const a1 = gate(log, 'a1');
    const a2 = gate(log, 'a2');
    const b1 = gate(log, 'b1');
    void lanes.run('a', a1.task);
    void lanes.run('a', a2.task);
    void lanes.run('b', b1.task);
    await tick();
    expect(log).toEqual(['a1+', 'b1+']); // a2 waits for a1; b is not held up by a
    b1.release();
    await tick();
    expect(log).toEqual(['a1+', 'b1+', 'b1-']);
    a1.release();
    await tick();
    expect(log).toEqual(['a1+', 'b1+', 'b1-', 'a1-', 'a2+']);
    a2.release();
    await lanes.idle();
    expect(lanes.size).toBe(0);
  });

  it('runs at most `concurrency` tasks at once, first come first served', async () => {
    const lanes = new Lanes(2);
    const log: string[] = [];
    const gates = ['x', 'y', 'z'].map((n) => gate(log, n));
    gates.forEach((g, i) => void lanes.run(`lane-${i}`, g.task));
    await tick();
    expect(log).toEqual(['x+', 'y+']);
    gates[1]!.release();
    await tick();
    await tick();
    expect(log).toEqual(['x+', 'y+', 'y-', 'z+']);
    gates[0]!.release();
    gates[2]!.release();
    await lanes.idle();
  });

  it('goes on with a lane after a task fails, and tells the caller', async () => {
    const lanes = new Lanes(1);
    const failed = lanes.run('a', () => Promise.reject(new Error('boom')));
    const next = lanes.run('a', () => Promise.resolve('next'));
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });

  it('refuses a concurrency below one', () => {
    expect(() => new Lanes(0)).toThrow(RangeError);
  });
});
