import { randomUUID } from 'node:crypto';
import { assistantSignalSchema, assistantSignalSubject, type AssistantSignal } from '@parley/contracts';
import { streamName } from '@parley/eventstore';
import { createLogger } from '@parley/logger';
import { eventually, TEST_NATS_URL } from '@parley/testing';
import { startAssistant } from '../start';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../llm/test/chat-completions-server';
import { article } from '../../test/knowledge-events';
import { startHarness, type Harness } from '../../test/harness';
import { REACTOR_NAME } from './reactor';

// Every language-model answer stalls until the engine's deadline: each answer takes this long.
const SLOW_ANSWER_MS = 2_000;

/**
 * The reactor's lanes with the real conversations and billing services and a slow language
 * model: one room's messages answered in order, other rooms not held up by a slow answer, and a
 * replay after a restart that posts nothing twice.
 */
describe('assistant reactor lanes', () => {
  let h: Harness;
  let model: ChatCompletionsServer;
  let accountId: string;
  let domainId: string;
  const signals: { at: number; signal: AssistantSignal }[] = [];

  beforeAll(async () => {
    model = await startChatCompletionsServer();
    model.willAnswer({ kind: 'stall' });
    h = await startHarness({
      languageModel: {
        baseUrl: model.baseUrl,
        model: 'slow-model',
        apiKey: null,
        timeoutMs: SLOW_ANSWER_MS,
        maxTokens: 100,
        temperature: 0,
      },
    });
    accountId = await h.billing.registerOwner('STANDARD');
    const sub = h.nc.subscribe(assistantSignalSubject(h.namespace));
    void (async () => {
      for await (const m of sub) {
        const signal = assistantSignalSchema.parse(JSON.parse(new TextDecoder().decode(m.data)));
        signals.push({ at: Date.now(), signal });
      }
    })();
    domainId = await h.events.domainAdded(accountId);
    await h.events.itemCreated(
      'article',
      accountId,
      domainId,
      article('Returns policy', 'You can return any mug within 30 days for a full refund.', {
        question: 'How do I return a mug?',
        tags: ['returns', 'refund'],
      }),
    );
    await eventually(async () =>
      expect((await h.assistant.knowledge.load(domainId, accountId))?.articles).toHaveLength(1),
    );
  }, 60_000);
  afterAll(async () => {
    await h?.stop();
    await model?.close();
  });

  type Message = { id: string; role: string; content: string; clientId: string };
  const newVisitor = async () => {
    const session = await eventually(() =>
      h.conversations.call('OpenVisitorSession', { domainId, visitorKey: '' }),
    );
    return { customerId: session.customerId as string, domainId, keyId: session.keyId as string };
  };
  const say = async (visitor: object, content: string) => {
    const posted = await h.conversations.call('PostVisitorMessage', {
      visitor,
      content,
      clientId: randomUUID(),
    });
    return { roomId: posted.room.id as string, messageId: posted.message.id as string };
  };
  const chat = async (visitor: object) =>
    (await h.conversations.call('GetVisitorChat', { visitor })).messages as Message[];
  const typing = (roomId: string) =>
    signals.flatMap(({ at, signal }) =>
      signal.kind === 'typing' && signal.roomId === roomId ? [{ at, on: signal.isTyping }] : [],
    );
  /** The bot's messages that answer the visitor's message `id` (their client ids start with it). */
  const answersTo = (messages: Message[], id: string) =>
    messages.filter((m) => m.role === 'assistant' && m.clientId.startsWith(id));

  it('answers one room’s messages in order while another room is answered beside it', async () => {
    const a = await newVisitor();
    const first = await say(a, 'how do I return a mug?');
    const second = await say(a, 'and can I get a refund?');
    const roomA = first.roomId;
    await eventually(async () => expect(typing(roomA).map((t) => t.on)).toEqual([true]));

    const b = await newVisitor();
    const other = await say(b, 'how do I return a mug?');
    // Room B's typing comes while room A's first answer is still with the slow model.
    await eventually(async () => expect(typing(other.roomId).map((t) => t.on)).toEqual([true]), 1_500);
    expect(typing(roomA).map((t) => t.on)).toEqual([true]);

    const messages = await eventually(async () => {
      const all = await chat(a);
      expect(answersTo(all, second.messageId).length).toBeGreaterThan(0);
      return all;
    }, 15_000);
    // Room A: the second message was taken up only after the first was answered.
    await eventually(async () => expect(typing(roomA).map((t) => t.on)).toEqual([true, false, true, false]));
    const position = (id: string) => messages.findIndex((m) => m.id === answersTo(messages, id)[0]!.id);
    expect(position(first.messageId)).toBeGreaterThan(-1);
    expect(position(first.messageId)).toBeLessThan(position(second.messageId));
    // Room B was answered before room A's second answer (it did not wait behind room A).
    const bDone = typing(other.roomId).find((t) => !t.on)!.at;
    expect(bDone).toBeLessThan(typing(roomA).filter((t) => !t.on)[1]!.at);
    expect(answersTo(await chat(b), other.messageId).length).toBeGreaterThan(0);
    // Every answer went to the model.
    expect(model.received.length).toBeGreaterThanOrEqual(3);
  }, 30_000);

  it('after a restart that replays the stream, answers nothing twice', async () => {
    const visitor = await newVisitor();
    const asked = await say(visitor, 'how do I return a mug?');
    await eventually(
      async () => expect(answersTo(await chat(visitor), asked.messageId).length).toBeGreaterThan(0),
      10_000,
    );
    await eventually(async () => expect(typing(asked.roomId).map((t) => t.on)).toEqual([true, false]));
    const before = await chat(visitor);
    const used = (await h.billing.usage(accountId)).requestsUsed;

    // As after a crash before anything was acknowledged: the whole stream comes again, and one
    // room's state was never saved (its answer's effects happened, its row did not).
    await h.assistant.stop();
    await h.db.pool.query('UPDATE projection_checkpoints SET position = 0 WHERE projection = $1', [
      REACTOR_NAME,
    ]);
    await h.db.pool.query('DELETE FROM room_policy WHERE room_id = $1', [asked.roomId]);
    const signalsBefore = signals.length;
    const again = await startAssistant(
      {
        grpcPort: 0,
        httpPort: 0,
        databaseUrl: h.db.url,
        natsUrl: TEST_NATS_URL,
        eventNamespace: h.namespace,
        conversationsGrpcUrl: h.conversations.grpcUrl,
        billingGrpcUrl: h.billing.address,
        concurrency: 4,
        languageModel: null,
        logLevel: 'silent',
      },
      createLogger('assistant-test', 'silent'),
    );
    try {
      const jsm = await h.nc.jetstreamManager();
      const last = (await jsm.streams.info(streamName('conversations', h.namespace))).state.last_seq;
      await eventually(async () => {
        const { rows } = await h.db.pool.query<{ position: string }>(
          'SELECT position FROM projection_checkpoints WHERE projection = $1',
          [REACTOR_NAME],
        );
        expect(Number(rows[0]?.position)).toBeGreaterThanOrEqual(last);
      }, 15_000);
      // The replayed room was answered again: its posts were the same (same client ids), not new ones.
      expect(typing(asked.roomId).map((t) => t.on)).toEqual([true, false, true, false]);
      expect(await chat(visitor)).toEqual(before);
      expect((await h.billing.usage(accountId)).requestsUsed).toBe(used);
      // Rooms whose state was saved skipped the replay entirely: no typing for any of them.
      const replayed = new Set(signals.slice(signalsBefore).map((s) => s.signal.roomId));
      expect([...replayed]).toEqual([asked.roomId]);
    } finally {
      await again.stop();
    }
  }, 40_000);
});
