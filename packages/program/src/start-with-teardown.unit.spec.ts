import { startWithTeardown } from './start-with-teardown';

const silent = { warn: () => undefined };

describe('startWithTeardown', () => {
  it('hands back what start returned, with a stop that undoes its steps newest first', async () => {
    const order: string[] = [];

    const program = await startWithTeardown(silent, async (teardown) => {
      teardown.add(() => order.push('pool'));
      teardown.add(() => order.push('grpc'));
      return { grpcPort: 4321 };
    });

    expect(program.grpcPort).toBe(4321);
    expect(order).toEqual([]);
    await program.stop();
    expect(order).toEqual(['grpc', 'pool']);
  });

  it('undoes what a failed start had opened, then rejects with its error', async () => {
    const order: string[] = [];
    const failure = new Error('bind failed');

    await expect(
      startWithTeardown(silent, async (teardown) => {
        teardown.add(() => order.push('pool'));
        teardown.add(() => order.push('nats'));
        throw failure;
      }),
    ).rejects.toBe(failure);

    expect(order).toEqual(['nats', 'pool']);
  });
});
