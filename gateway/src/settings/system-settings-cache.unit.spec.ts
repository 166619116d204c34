import { cachedSystemSettings } from './system-settings-cache';

const ON = { loginEnabled: true, registrationEnabled: true, maintenanceMode: false };
const MAINTENANCE = { ...ON, maintenanceMode: true };

function source(answers: Array<typeof ON | Error>) {
  let clock = 0;
  const calls: number[] = [];
  const load = async () => {
    calls.push(clock);
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  };
  return { load, calls, tick: (ms: number) => (clock += ms), now: () => clock };
}

describe('cachedSystemSettings', () => {
  it('reuses settings within the TTL and asks again after it', async () => {
    const s = source([ON, MAINTENANCE]);
    const cache = cachedSystemSettings(s.load, 3000, s.now);
    expect(await cache.get()).toEqual(ON);
    s.tick(2999);
    expect(await cache.get()).toEqual(ON);
    s.tick(1);
    expect(await cache.get()).toEqual(MAINTENANCE);
    expect(s.calls).toHaveLength(2);
  });

  it('shares one call between concurrent misses', async () => {
    const s = source([ON]);
    const cache = cachedSystemSettings(s.load, 3000, s.now);
    await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(s.calls).toHaveLength(1);
  });

  it('asks again right after invalidate, and uses a primed copy without asking', async () => {
    const s = source([ON, MAINTENANCE]);
    const cache = cachedSystemSettings(s.load, 3000, s.now);
    await cache.get();
    cache.invalidate();
    expect(await cache.get()).toEqual(MAINTENANCE);
    cache.prime(ON);
    expect(await cache.get()).toEqual(ON);
    expect(s.calls).toHaveLength(2);
  });

  it('keeps enforcing the last known settings while identity is unreachable', async () => {
    const s = source([MAINTENANCE, new Error('unavailable')]);
    const cache = cachedSystemSettings(s.load, 3000, s.now);
    await cache.get();
    cache.invalidate();
    expect(await cache.get()).toEqual(MAINTENANCE);
  });

  it('fails when it has never known the settings', async () => {
    const s = source([new Error('unavailable')]);
    const cache = cachedSystemSettings(s.load, 3000, s.now);
    await expect(cache.get()).rejects.toThrow('unavailable');
  });

  it('does not store a read that started before an update', async () => {
    let release: (v: typeof ON) => void = () => undefined;
    let calls = 0;
    const load = () => {
      calls += 1;
      return calls === 1 ? new Promise<typeof ON>((r) => (release = r)) : Promise.resolve(MAINTENANCE);
    };
    const cache = cachedSystemSettings(load, 3000, () => 0);
    const stale = cache.get();
    cache.prime(MAINTENANCE);
    release(ON);
    await stale;
    expect(await cache.get()).toEqual(MAINTENANCE);
  });
});
