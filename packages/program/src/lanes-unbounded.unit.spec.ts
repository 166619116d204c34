import { Lanes } from './lanes';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('Lanes without a bound (billing: one lane per account and period)', () => {
  it('runs tasks of one key one at a time, in order, and other keys alongside', async () => {
    const queue = new Lanes();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      await tick();
      log.push(name);
      running--;
      return name;
    };
    const results = await Promise.all([
      queue.run('a', task('a1')),
      queue.run('a', task('a2')),
      queue.run('a', task('a3')),
    ]);
    expect(results).toEqual(['a1', 'a2', 'a3']);
    expect(log).toEqual(['a1', 'a2', 'a3']);
    expect(most).toBe(1);
    running = 0;
    most = 0;
    await Promise.all([queue.run('x', task('x')), queue.run('y', task('y'))]);
    expect(most).toBe(2);
  });

  it('goes on after a failed task', async () => {
    const queue = new Lanes();
    await expect(queue.run('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run('k', async () => 'next')).resolves.toBe('next');
  });
});
