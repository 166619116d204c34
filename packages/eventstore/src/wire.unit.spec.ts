import { CorruptEventError } from './errors';
import {
  decodeEvent,
  decodePayload,
  encodePayload,
  eventId,
  parseEventId,
  type StoredEventMessage,
} from './wire';

const msg = (data: string | Uint8Array, headers: Record<string, string> = {}): StoredEventMessage => ({
  subject: 'identity.user.u1',
  seq: 7,
  data: typeof data === 'string' ? new TextEncoder().encode(data) : data,
  header: (n) => headers[n],
});

describe('event wire format', () => {
  it('encodes exactly { type, data, occurredAt, meta }', () => {
    const bytes = encodePayload(
      { type: 'UserRegistered', data: { email: 'a@b.c' } },
      '2025-01-01T00:00:00.000Z',
      { actor: 'u1' },
    );
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual({
      type: 'UserRegistered',
      data: { email: 'a@b.c' },
      occurredAt: '2025-01-01T00:00:00.000Z',
      meta: { actor: 'u1' },
    });
  });

  it('decodePayload reads the payload without asking for a header', () => {
    const bytes = encodePayload({ type: 'T', data: { a: 1 } }, '2025-01-01T00:00:00.000Z', {
      traceparent: 'x',
    });
    const { header: _unused, ...noHeaders } = msg(bytes);
    expect(decodePayload(noHeaders)).toEqual({
      type: 'T',
      data: { a: 1 },
      occurredAt: '2025-01-01T00:00:00.000Z',
      meta: { traceparent: 'x' },
    });
    expect(() => decodePayload({ ...noHeaders, data: new TextEncoder().encode('{"data":1}') })).toThrow(
      CorruptEventError,
    );
  });

  it('round-trips through decodeEvent with id, sequence and batch position', () => {
    const bytes = encodePayload({ type: 'T', data: [1, 2] }, '2025-01-01T00:00:00.000Z', {});
    const e = decodeEvent(
      msg(bytes, { 'Nats-Msg-Id': eventId('cmd:with:colons', 2), 'Parley-Batch-Size': '3' }),
    );
    expect(e).toEqual({
      type: 'T',
      data: [1, 2],
      subject: 'identity.user.u1',
      sequence: 7,
      eventId: 'cmd:with:colons:2',
      occurredAt: '2025-01-01T00:00:00.000Z',
      meta: {},
      batch: { commandId: 'cmd:with:colons', index: 2, size: 3 },
    });
  });

  it('parses event ids whose command id contains colons', () => {
    expect(parseEventId('a:b:3')).toEqual({ commandId: 'a:b', index: 3 });
    expect(parseEventId('nocolon')).toBeUndefined();
    expect(parseEventId('a:x')).toBeUndefined();
    expect(parseEventId(':1')).toBeUndefined();
  });

  it.each([
    ['not json', 'payload is not JSON'],
    ['[]', 'payload has no type'],
    ['{"type":""}', 'payload has no type'],
    ['{"type":"T","data":1}', 'payload has no occurredAt'],
    ['{"type":"T","occurredAt":"x","meta":[]}', 'meta is not an object'],
  ])('refuses %s as %s', (raw, reason) => {
    expect(() => decodeEvent(msg(raw))).toThrow(CorruptEventError);
    expect(() => decodeEvent(msg(raw))).toThrow(
      new RegExp(`event 7 on identity.user.u1 cannot be read: ${reason}`),
    );
  });

  it('gives messages without a msgID a stable id and no batch', () => {
    const e = decodeEvent(msg('{"type":"T","occurredAt":"x"}'));
    expect(e.eventId).toBe('identity.user.u1@7');
    expect(e.batch).toBeUndefined();
    expect(e.meta).toEqual({});
  });
});
