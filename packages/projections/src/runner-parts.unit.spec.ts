import { AppError } from '@parley/contracts';
import { CorruptEventError, MalformedEventError } from '@parley/eventstore';
import { NatsError } from 'nats';
import { durableConfig } from './consumer';
import { isDeterministicError } from './deterministic';
import { applyRetryDelayMs, attemptsForDelivery } from './retry';
import { isTransientDatabaseError, isTransientError } from './transient';
import { GROUP_LINGER_MS, runnerSettings } from './runner-settings';
import { PositionWaiters } from './waiters';

describe('in-place retries', () => {
  it('back off exponentially with jitter, capped', () => {
    expect(applyRetryDelayMs(1, 200, 5000, () => 0.5)).toBe(200);
    expect(applyRetryDelayMs(3, 200, 5000, () => 0.5)).toBe(800);
    expect(applyRetryDelayMs(30, 200, 5000, () => 1)).toBe(6250);
    expect(applyRetryDelayMs(1, 200, 5000, () => 0)).toBe(150);
  });

  it('budget attempts across deliveries', () => {
    expect(attemptsForDelivery(5, 1)).toBe(5);
    expect(attemptsForDelivery(5, 3)).toBe(3);
    expect(attemptsForDelivery(5, 9)).toBe(1);
  });
});

describe('transient database errors', () => {
  const withCode = (code: string) => Object.assign(new Error('x'), { code });
  it.each(['08006', '57P01', '53300', '40001', '40P01', 'ECONNREFUSED'])('%s is transient', (code) => {
    expect(isTransientDatabaseError(withCode(code))).toBe(true);
  });
  it.each(['23505', '42P01', '22P02'])("%s is the event's problem", (code) => {
    expect(isTransientDatabaseError(withCode(code))).toBe(false);
  });
  it('recognises a dropped connection and ignores plain errors', () => {
    expect(isTransientDatabaseError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientDatabaseError(new Error('cannot read property x'))).toBe(false);
    expect(isTransientDatabaseError('string')).toBe(false);
  });
});

describe('transient errors: a dependency away', () => {
  it('counts the database’s, NATS being away and a service answering unavailable', () => {
    expect(isTransientError(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true);
    expect(isTransientError(new AppError('unavailable', 'Service temporarily unavailable.'))).toBe(true);
    for (const code of ['TIMEOUT', 'CONNECTION_CLOSED', 'DISCONNECT', '503'])
      expect(isTransientError(NatsError.errorForCode(code))).toBe(true);
  });
  it('leaves out what is about the event or a bug', () => {
    expect(isTransientError(new AppError('validation', 'Empty message'))).toBe(false);
    expect(isTransientError(new AppError('internal', 'x'))).toBe(false);
    expect(isTransientError(NatsError.errorForCode('BAD_JSON'))).toBe(false);
    expect(isTransientError(new TypeError('cannot read property x'))).toBe(false);
  });
});

describe('deterministic errors: park at once', () => {
  const withCode = (code: string) => Object.assign(new Error('x'), { code });
  it.each(['22001', '22P02', '22P05', '22021', '23505', '23503', '23514'])(
    'SQLSTATE %s fails every time',
    (code) => {
      expect(isDeterministicError(withCode(code))).toBe(true);
    },
  );
  it('counts an unreadable or malformed event and a schema refusal', () => {
    expect(isDeterministicError(new CorruptEventError('ledger.a.1', 1, 'payload is not JSON'))).toBe(true);
    expect(isDeterministicError(new MalformedEventError('T', 'c:0', 'x: required'))).toBe(true);
    expect(isDeterministicError(Object.assign(new Error('[]'), { name: 'ZodError' }))).toBe(true);
  });
  it.each(['08006', '40001', '42P01', '57P01'])('SQLSTATE %s may pass, so it is retried', (code) => {
    expect(isDeterministicError(withCode(code))).toBe(false);
  });
  it('retries anything else', () => {
    expect(isDeterministicError(new Error('refusing'))).toBe(false);
    expect(isDeterministicError('string')).toBe(false);
  });
});

describe('durable consumer settings', () => {
  const spec = {
    stream: 'NS_IDENTITY',
    name: 'users-v1',
    filterSubject: 'ns.identity.user.>',
    maxDeliver: 5,
    batchSize: 100,
    ackWaitMs: 60_000,
  };
  it('starts from the first event for a new projection', () => {
    const c = durableConfig({ ...spec, position: 0 });
    expect(c).toMatchObject({
      durable_name: 'users-v1',
      ack_policy: 'explicit',
      deliver_policy: 'all',
      filter_subject: 'ns.identity.user.>',
      max_deliver: 5,
      max_ack_pending: 400,
      // Sessions start from the checkpoint: the server need not write the consumer's state to disk.
      mem_storage: true,
    });
    expect(c.opt_start_seq).toBeUndefined();
  });
  it('starts right after the checkpoint otherwise', () => {
    expect(durableConfig({ ...spec, position: 41 })).toMatchObject({
      deliver_policy: 'by_start_sequence',
      opt_start_seq: 42,
    });
  });
});

describe('PositionWaiters', () => {
  it('resolves waiters as the position passes them, and at once for the past', async () => {
    const w = new PositionWaiters();
    w.set(3);
    await expect(w.waitFor(2, 1000, () => 'p')).resolves.toBeUndefined();
    let done = false;
    const p = w.waitFor(10, 1000, () => 'p').then(() => (done = true));
    w.advance(9);
    await Promise.resolve();
    expect(done).toBe(false);
    w.advance(12);
    await p;
    expect(w.position).toBe(12);
  });
  it('never moves backwards on advance, and rejects on timeout and on rejectAll', async () => {
    const w = new PositionWaiters();
    w.advance(5);
    w.advance(4);
    expect(w.position).toBe(5);
    await expect(w.waitFor(6, 20, () => 'proj')).rejects.toThrow(
      'timed out after 20 ms waiting for proj to reach 6 (at 5)',
    );
    const pending = w.waitFor(7, 10_000, () => 'proj');
    w.rejectAll('stopped');
    await expect(pending).rejects.toThrow('stopped');
  });
});

describe('PositionWaiters look-ahead', () => {
  it('reports the highest sequence waited for beyond the position, and satisfies waiters below a limit', async () => {
    const w = new PositionWaiters();
    w.set(5);
    expect(w.highestWaiting()).toBeUndefined();
    const resolved: number[] = [];
    const a = w.waitFor(7, 10_000, () => 'p').then(() => resolved.push(7));
    const b = w.waitFor(12, 10_000, () => 'p').then(() => resolved.push(12));
    expect(w.highestWaiting()).toBe(12);
    w.satisfyBelow(10);
    await a;
    expect(resolved).toEqual([7]);
    expect(w.position).toBe(5);
    expect(w.highestWaiting()).toBe(12);
    w.satisfyBelow(Number.POSITIVE_INFINITY);
    await b;
    expect(resolved).toEqual([7, 12]);
  });
});

describe('runnerSettings', () => {
  it('groups wait 5 ms for more under a steady stream unless told otherwise, never a negative time', () => {
    expect(runnerSettings({}).groupLingerMs).toBe(GROUP_LINGER_MS);
    expect(GROUP_LINGER_MS).toBe(5);
    expect(runnerSettings({ groupLingerMs: 0 }).groupLingerMs).toBe(0);
    expect(() => runnerSettings({ groupLingerMs: -1 })).toThrow(RangeError);
    expect(() => runnerSettings({ groupLingerMs: Number.NaN })).toThrow(RangeError);
  });
});
