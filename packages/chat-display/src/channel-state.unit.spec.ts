import { ChannelCursors, isEnvelope, reconnectAfterRefusal, subscribeOutcome } from './channel-state';

describe('cursors per channel', () => {
  it('subscribes without since first, then from the last cursor seen', () => {
    const c = new ChannelCursors();
    expect(c.request('chat-global')).toEqual({ channel: 'chat-global' });
    c.acknowledged('chat-global', { ok: true, cursor: '5-0' });
    expect(c.request('chat-global')).toEqual({ channel: 'chat-global', since: '5-0' });
    c.seen('chat-global', '7-0');
    expect(c.request('chat-global')).toEqual({ channel: 'chat-global', since: '7-0' });
  });
  it('events without a cursor (typing, presence) and empty acks keep the last one', () => {
    const c = new ChannelCursors();
    c.seen('r1', '3-0');
    c.seen('r1', null);
    c.acknowledged('r1', { ok: true, cursor: null });
    expect(c.cursor('r1')).toBe('3-0');
  });
  it('keeps the highest cursor: a late replayed event does not move it back (numeric order)', () => {
    const c = new ChannelCursors();
    c.seen('r1', '1700000000010-0');
    c.seen('r1', '1700000000009-5');
    expect(c.cursor('r1')).toBe('1700000000010-0');
    c.seen('r1', '1700000000010-10');
    c.seen('r1', '1700000000010-9');
    expect(c.cursor('r1')).toBe('1700000000010-10');
  });
  it('keeps channels apart and forgets a channel left', () => {
    const c = new ChannelCursors();
    c.seen('r1', '1-0');
    c.seen('r1-mode', '9-0');
    c.forget('r1');
    expect(c.request('r1')).toEqual({ channel: 'r1' });
    expect(c.cursor('r1-mode')).toBe('9-0');
  });
});

describe('subscribe answers', () => {
  it('ok, with or without reset', () => {
    expect(subscribeOutcome({ ok: true, cursor: null }, 0)).toEqual({ kind: 'subscribed', reset: false });
    expect(subscribeOutcome({ ok: true, cursor: '1', reset: true }, 0)).toEqual({
      kind: 'subscribed',
      reset: true,
    });
  });
  it('retries a timeout or unavailable 3 times, 1 s base delay doubling', () => {
    expect(subscribeOutcome(undefined, 0)).toEqual({ kind: 'retry', delayMs: 1000 });
    expect(subscribeOutcome({ ok: false, error: 'unavailable' }, 1)).toEqual({
      kind: 'retry',
      delayMs: 2000,
    });
    expect(subscribeOutcome({ ok: false, error: 'unavailable' }, 2)).toEqual({
      kind: 'retry',
      delayMs: 4000,
    });
    expect(subscribeOutcome({ ok: false, error: 'unavailable' }, 3)).toEqual({
      kind: 'refused',
      reason: 'unavailable',
    });
  });
  it('retries rate-limited no sooner than its retryAfter, and no more than 3 times', () => {
    const limited = { ok: false, error: 'rate-limited', retryAfter: 7 } as const;
    expect(subscribeOutcome(limited, 0)).toEqual({ kind: 'retry', delayMs: 7000 });
    expect(subscribeOutcome({ ...limited, retryAfter: 1 }, 2)).toEqual({ kind: 'retry', delayMs: 4000 });
    expect(subscribeOutcome(limited, 3)).toEqual({ kind: 'refused', reason: 'rate-limited' });
  });
  it('never retries forbidden or invalid', () => {
    expect(subscribeOutcome({ ok: false, error: 'forbidden' }, 0)).toEqual({
      kind: 'refused',
      reason: 'forbidden',
    });
    expect(subscribeOutcome({ ok: false, error: 'invalid' }, 0)).toEqual({
      kind: 'refused',
      reason: 'invalid',
    });
  });
});

it('recognises envelopes', () => {
  expect(isEnvelope({ channel: 'r1', cursor: null, data: {} })).toBe(true);
  expect(isEnvelope({ data: {} })).toBe(false);
  expect(isEnvelope(null)).toBe(false);
});

describe('reconnectAfterRefusal', () => {
  it('opens a new connection 10-30 s after spent retries of a timeout or unavailable, never after a final refusal', () => {
    expect(reconnectAfterRefusal('timeout', () => 0)).toBe(10_000);
    expect(reconnectAfterRefusal('unavailable', () => 0.999)).toBeCloseTo(29_980);
    expect(reconnectAfterRefusal('rate-limited', () => 0.5)).toBe(20_000);
    expect(reconnectAfterRefusal('forbidden')).toBeNull();
    expect(reconnectAfterRefusal('invalid')).toBeNull();
  });
});
