import type { RecordedEvent } from '@parley/eventstore';
import { decodeEvent } from '@parley/eventstore';
import { storableDecoded, storableEvent, storableText, storableValue } from './storable';

const R = '\uFFFD';

describe('storableText', () => {
  it('replaces NUL and lone surrogates with U+FFFD', () => {
    expect(storableText('a\u0000b')).toBe(`a${R}b`);
    expect(storableText('\ud800')).toBe(R);
    expect(storableText('x\udc00y')).toBe(`x${R}y`);
    expect(storableText('\udbff\u0000\udfff')).toBe(R + R + R);
    expect(storableText('\u0000\u0000')).toBe(R + R);
  });

  it('leaves paired surrogates and every other character alone, returning the same string', () => {
    const text = 'héllo 👋 \u0001\t\n\u2028 末尾';
    expect(storableText(text)).toBe(text);
    expect(storableText('👋\ud800👋')).toBe(`👋${R}👋`);
  });
});

describe('storableValue', () => {
  it('cleans every string of a JSON value, keys included, and keeps the rest', () => {
    const value = {
      name: 'a\u0000',
      n: 3,
      ok: true,
      none: null,
      list: ['\ud800', 1, { deep: 'x\udc00' }],
      'key\u0000': 'v',
    };
    expect(storableValue(value)).toEqual({
      name: `a${R}`,
      n: 3,
      ok: true,
      none: null,
      list: [R, 1, { deep: `x${R}` }],
      [`key${R}`]: 'v',
    });
    // The input is not changed.
    expect(value.name).toBe('a\u0000');
  });

  it('returns the very value (no copy) when nothing needs cleaning, and shares clean parts', () => {
    const clean = { a: ['x', { b: 'y' }], c: 1 };
    expect(storableValue(clean)).toBe(clean);
    const mixed = { clean, dirty: '\u0000' };
    const stored = storableValue(mixed);
    expect(stored).not.toBe(mixed);
    expect(stored.clean).toBe(clean);
  });
});

describe('storableEvent', () => {
  const event: RecordedEvent = {
    type: 'Noted',
    data: { text: 'a' },
    subject: 'ledger.note.1',
    sequence: 1,
    eventId: 'c:0',
    occurredAt: '2025-01-01T00:00:00.000Z',
    meta: { actor: 'u' },
  };

  it('is the same event when its content is storable', () => {
    expect(storableEvent(event)).toBe(event);
  });

  it('cleans data and meta, keeping everything else', () => {
    const stored = storableEvent({ ...event, data: { text: 'a\u0000' }, meta: { actor: '\ud800' } });
    expect(stored).toEqual({ ...event, data: { text: `a${R}` }, meta: { actor: R } });
  });
});

describe('storableDecoded', () => {
  const stored = (data: unknown, meta: Record<string, string> = {}) => {
    const payload = new TextEncoder().encode(JSON.stringify({ type: 'Noted', data, occurredAt: '', meta }));
    const decoded = decodeEvent({ subject: 'ledger.note.1', seq: 1, data: payload, header: () => undefined });
    return { payload, decoded };
  };

  it('cleans what the stored JSON carries escaped: NUL, lone surrogates, in data, keys and meta', () => {
    for (const [data, meta, want] of [
      [{ text: 'a\u0000' }, {}, { text: `a${R}` }],
      [{ text: '\ud800' }, {}, { text: R }],
      [{ ['k\udc00']: 1 }, {}, { [`k${R}`]: 1 }],
      [{ text: 'a' }, { actor: 'u\u0000' }, { text: 'a' }],
    ] as const) {
      const { payload, decoded } = stored(data, meta);
      const event = storableDecoded(decoded, payload);
      expect(event.data).toEqual(want);
      expect(event).toEqual(storableEvent(decoded));
    }
  });

  it('returns the decoded event itself when its payload has no \\u escape, emoji and all', () => {
    const { payload, decoded } = stored({ text: 'héllo 👋 末尾', list: ['x'] }, { actor: 'u' });
    expect(storableDecoded(decoded, payload)).toBe(decoded);
    // A payload that is a view into a larger buffer is searched only within its bounds.
    const big = new Uint8Array(payload.length + 8);
    big.set(payload, 0);
    big.set(new TextEncoder().encode('\\u0000'), payload.length);
    expect(storableDecoded(decoded, big.subarray(0, payload.length))).toBe(decoded);
  });
});
