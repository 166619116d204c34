import { Teardown } from './teardown';

function recordingLogger() {
  const warnings: Array<{ details: object; message: string }> = [];
  return { warnings, warn: (details: object, message: string) => warnings.push({ details, message }) };
}

describe('Teardown', () => {
  it('runs the steps newest first, waiting for each before the next', async () => {
    const order: string[] = [];
    const teardown = new Teardown(recordingLogger());
    teardown.add(() => order.push('pool'));
    teardown.add(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      order.push('nats');
    });
    teardown.add(() => order.push('grpc'));

    await teardown.run();

    expect(order).toEqual(['grpc', 'nats', 'pool']);
  });

  it('logs a failing step and still runs the rest', async () => {
    const logger = recordingLogger();
    const order: string[] = [];
    const failure = new Error('drain failed');
    const teardown = new Teardown(logger);
    teardown.add(() => order.push('pool'));
    teardown.add(() => Promise.reject(failure));
    teardown.add(() => {
      throw new Error('shutdown failed');
    });

    await expect(teardown.run()).resolves.toBeUndefined();

    expect(order).toEqual(['pool']);
    expect(logger.warnings).toEqual([
      { details: { err: new Error('shutdown failed') }, message: 'error while stopping' },
      { details: { err: failure }, message: 'error while stopping' },
    ]);
  });

  it('runs each step once however often it is asked, and every caller waits for that run', async () => {
    let release!: () => void;
    const closed = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const teardown = new Teardown(recordingLogger());
    teardown.add(async () => {
      runs += 1;
      await closed;
    });

    const first = teardown.run();
    const second = teardown.run();
    let secondDone = false;
    void second.then(() => (secondDone = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(secondDone).toBe(false);

    release();
    await Promise.all([first, second, teardown.run()]);
    expect(runs).toBe(1);
    expect(second).toBe(first);
  });

  it('refuses a step added after it ran, which would otherwise never run', async () => {
    const teardown = new Teardown(recordingLogger());
    await teardown.run();

    expect(() => teardown.add(() => undefined)).toThrow('teardown has already run');
  });
});
