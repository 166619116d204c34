import { eventually } from './eventually';

describe('eventually', () => {
  it('returns the value of the first check that passes', async () => {
    let calls = 0;
    const value = await eventually(
      async () => {
        calls += 1;
        if (calls < 3) throw new Error('not yet');
        return 'done';
      },
      1_000,
      1,
    );
    expect(value).toBe('done');
    expect(calls).toBe(3);
  });

  it('throws the last error once the time is up', async () => {
    let calls = 0;
    await expect(
      eventually(
        async () => {
          calls += 1;
          throw new Error(`attempt ${calls}`);
        },
        30,
        5,
      ),
    ).rejects.toThrow(`attempt`);
    expect(calls).toBeGreaterThan(1);
  });
});
