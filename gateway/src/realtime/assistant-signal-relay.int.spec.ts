import { assistantSignalSubject } from '@parley/contracts';
import { createLogger } from '@parley/logger';
import { connectTestNats, eventually, randomNamespace } from '@parley/testing';
import type { NatsConnection } from 'nats';
import { startAssistantSignalRelay } from './assistant-signal-relay';

const audience = { accountId: 'a1', domainId: 'd1', customerId: 'c1', sharedWith: [] };

describe('assistant signal relay over NATS', () => {
  let nc: NatsConnection;
  beforeAll(async () => {
    nc = await connectTestNats();
  });
  afterAll(() => nc.close());

  it('emits each signal of its namespace once, to both sides, and drops malformed ones', async () => {
    const namespace = randomNamespace();
    const emitted: Array<{ room: string; event: string; data: unknown }> = [];
    const relay = startAssistantSignalRelay({
      nc,
      namespace,
      emit: (room, event, envelope) => emitted.push({ room, event, data: envelope.data }),
      logger: createLogger('relay-test', 'silent'),
    });
    const send = (signal: unknown, ns = namespace) =>
      nc.publish(assistantSignalSubject(ns), new TextEncoder().encode(JSON.stringify(signal)));
    await nc.flush();
    send({ kind: 'typing', roomId: 'r1', isTyping: true });
    send('not json at all');
    send({ kind: 'typing', roomId: 'other', audience, isTyping: true }, randomNamespace());
    send({ kind: 'typing', roomId: 'r1', audience, isTyping: true });
    send({ kind: 'stream', roomId: 'r1', audience, text: 'Hi' });
    await eventually(async () => expect(emitted).toHaveLength(4), 5000, 20);
    expect(emitted.map((e) => [e.room, e.event])).toEqual([
      ['room:r1:visitor', 'typing-status'],
      ['room:r1:team', 'typing-status'],
      ['room:r1:visitor', 'bot-stream'],
      ['room:r1:team', 'bot-stream'],
    ]);
    await relay.stop();
  });
});
