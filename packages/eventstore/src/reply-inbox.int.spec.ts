import { randomUUID } from 'node:crypto';
import { connect, headers, type Msg, type NatsConnection } from 'nats';
import { TEST_NATS_URL } from '@parley/testing';
import { parsePubAck, ReplyInbox } from './reply-inbox';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
const reply = (body: unknown): Msg =>
  ({ data: bytes(JSON.stringify(body)), json: () => body }) as unknown as Msg;

describe('ReplyInbox', () => {
  let nc: NatsConnection;
  let inbox: ReplyInbox;
  const subject = `reply-inbox-test.${randomUUID()}`;

  beforeAll(async () => {
    nc = await connect({ servers: TEST_NATS_URL, noAsyncTraces: true });
    inbox = new ReplyInbox(nc);
  });
  afterAll(() => nc.drain());

  it('matches each reply to its request, however they interleave', async () => {
    const sub = nc.subscribe(subject, {
      // Answers in reverse order of arrival, with the request's own body and header.
      callback: (_, m) =>
        setTimeout(
          () => m.respond(bytes(`${m.headers?.get('n')}:${new TextDecoder().decode(m.data)}`)),
          50 - Number(m.headers?.get('n')) * 10,
        ),
    });
    const asked = [1, 2, 3, 4].map((n) => {
      const h = headers();
      h.set('n', String(n));
      return inbox.request(subject, bytes(`body${n}`), h, 2000);
    });
    const answers = (await Promise.all(asked)).map((m) => new TextDecoder().decode(m.data));
    expect(answers).toEqual(['1:body1', '2:body2', '3:body3', '4:body4']);
    sub.unsubscribe();
  });

  it('rejects with no responders when nobody serves the subject, and with a timeout when the answer is late', async () => {
    await expect(inbox.request(`${subject}.nobody`, bytes('x'), headers(), 2000)).rejects.toMatchObject({
      code: '503',
    });
    const late = nc.subscribe(`${subject}.late`, {
      callback: (_, m) => setTimeout(() => m.respond(bytes('late')), 300),
    });
    await expect(inbox.request(`${subject}.late`, bytes('x'), headers(), 100)).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
    await new Promise((r) => setTimeout(r, 400)); // the late answer arrives and is dropped
    late.unsubscribe();
    const echo = nc.subscribe(`${subject}.echo`, { callback: (_, m) => m.respond(m.data) });
    const m = await inbox.request(`${subject}.echo`, bytes('still works'), headers(), 2000);
    expect(new TextDecoder().decode(m.data)).toBe('still works');
    echo.unsubscribe();
  });
});

describe('parsePubAck', () => {
  it('reads an ack, or throws what js.publish throws for an error reply', () => {
    expect(parsePubAck(reply({ stream: 'S', seq: 7 }))).toEqual({ stream: 'S', seq: 7, duplicate: false });
    expect(parsePubAck(reply({ stream: 'S', seq: 7, duplicate: true })).duplicate).toBe(true);
    const wrong = { code: 400, err_code: 10071, description: 'wrong last sequence: 6' };
    expect(() => parsePubAck(reply({ error: wrong }))).toThrow(
      expect.objectContaining({ code: '400', api_error: wrong, message: 'wrong last sequence: 6' }),
    );
    const unavailable = {
      code: 503,
      err_code: 10008,
      description: 'JetStream system temporarily unavailable',
    };
    expect(() => parsePubAck(reply({ error: unavailable }))).toThrow(
      expect.objectContaining({ code: '503' }),
    );
    expect(() => parsePubAck(reply({ stream: '', seq: 1 }))).toThrow(
      expect.objectContaining({ code: 'JESTREAM_INVALID_ACK' }),
    );
  });
});
