import { randomUUID } from 'node:crypto';
import { assistantSignalSchema, assistantSignalSubject, type AssistantSignal } from '@parley/contracts';
import { eventually } from '@parley/testing';
import { startHarness, type Harness } from '../../test/harness';
import { article } from '../../test/knowledge-events';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../llm/test/chat-completions-server';

const LIVE_TEXT = 'Live support mode has been enabled';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Readiness = { status: string; languageModel: { lastCall: Record<string, unknown> | null } };
type Message = { role: string; content: string; clientId: string; teamMemberId: string };

/**
 * The language-model engine in the running assistant (its provider a local OpenAI-compatible
 * server of the tests' own): a room that goes live mid-answer stops the model's request, and the
 * bot posts nothing after the switch; /readyz says how the model endpoint's last call went.
 */
describe('assistant with a language model: a room going live mid-answer', () => {
  let h: Harness;
  let model: ChatCompletionsServer;
  let owner: { userId: string; role: string; accountId: string };
  let domainId: string;
  const signals: AssistantSignal[] = [];

  beforeAll(async () => {
    model = await startChatCompletionsServer();
    h = await startHarness({
      languageModel: {
        baseUrl: model.baseUrl,
        model: 'test-model',
        apiKey: 'sk-local-secret',
        timeoutMs: 8_000,
        maxTokens: 300,
        temperature: 0.2,
      },
    });
    const accountId = await h.billing.registerOwner('STANDARD');
    owner = { userId: accountId, role: 'OWNER', accountId };
    const sub = h.nc.subscribe(assistantSignalSubject(h.namespace));
    void (async () => {
      for await (const m of sub)
        signals.push(assistantSignalSchema.parse(JSON.parse(new TextDecoder().decode(m.data))));
    })();
    domainId = await h.events.domainAdded(owner.accountId);
    await h.events.itemCreated(
      'article',
      owner.accountId,
      domainId,
      article('Returns policy', 'You can return any mug within 30 days for a full refund.', {
        question: 'How do I return a mug?',
        tags: ['returns', 'refund'],
      }),
    );
    await eventually(async () =>
      expect((await h.assistant.knowledge.load(domainId, owner.accountId))?.articles).toHaveLength(1),
    );
  }, 60_000);
  afterAll(async () => {
    await h?.stop();
    await model?.close();
  });

  const newVisitor = async () => {
    const session = await eventually(() =>
      h.conversations.call('OpenVisitorSession', { domainId, visitorKey: '' }),
    );
    return { customerId: session.customerId as string, domainId, keyId: session.keyId as string };
  };
  const say = (visitor: object, content: string) =>
    h.conversations.call('PostVisitorMessage', { visitor, content, clientId: randomUUID() });
  const messagesOf = async (visitor: object) =>
    (await h.conversations.call('GetVisitorChat', { visitor })).messages as Message[];
  const readyz = async () => {
    const res = await fetch(`http://127.0.0.1:${h.assistant.httpPort}/readyz`);
    return { status: res.status, body: (await res.json()) as Readiness };
  };
  const ofRoom = (roomId: string) => signals.filter((s) => s.roomId === roomId);

  it('says at /readyz which engine is on, without the key, and that the model has not been called yet', async () => {
    const { status, body } = await readyz();
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ready',
      engine: 'language-model',
      languageModel: { model: 'test-model', baseUrl: model.baseUrl, lastCall: null },
    });
    expect(JSON.stringify(body)).not.toContain('sk-local-secret');
  });

  it('stops the model’s request when the owner turns live on mid-stream, and posts nothing after the switch', async () => {
    const pieces = Array.from({ length: 10 }, (_, i) => (i === 0 ? 'You can return' : ` part ${i}.`));
    model.willAnswer({ kind: 'answer', pieces, gapMs: 150 });
    const requestsBefore = model.received.length;
    const visitor = await newVisitor();
    const posted = await say(visitor, 'how do I return a mug for a refund?');
    const roomId = posted.room.id as string;

    // The draft is streaming: the room goes live.
    await eventually(async () => expect(ofRoom(roomId).some((s) => s.kind === 'stream')).toBe(true));
    const liveAt = Date.now();
    await h.conversations.call('SetLiveMode', { caller: owner, roomId, live: true });

    // The model's request is dropped at once (the full answer would take 1.5 s).
    await eventually(async () => expect(model.received[requestsBefore]?.abandoned).toBe(true), 1_000, 20);
    const stoppedIn = Date.now() - liveAt;
    expect(stoppedIn).toBeLessThan(1_000);
    // The draft is withdrawn and typing ends.
    await eventually(async () => {
      const last = ofRoom(roomId).slice(-2);
      expect(last).toEqual([
        expect.objectContaining({ kind: 'stream', text: '' }),
        expect.objectContaining({ kind: 'typing', isTyping: false }),
      ]);
    });

    // Well past when the whole answer would have been posted: nothing from the bot after the switch.
    await sleep(2_000);
    const messages = await messagesOf(visitor);
    const switched = messages.findIndex((m) => m.content === LIVE_TEXT);
    expect(switched).toBeGreaterThan(0);
    const botAfter = messages.slice(switched + 1).filter((m) => m.role === 'assistant' && m.clientId !== '');
    expect(botAfter).toEqual([]);
    expect(messages.some((m) => m.content.includes('part 9'))).toBe(false);
    // An abort is not the endpoint's fault: /readyz still says no call finished.
    expect((await readyz()).body.languageModel.lastCall).toBeNull();
  });

  it('answers in a room not live, and /readyz reports the endpoint answered, then that it failed', async () => {
    model.willAnswer({ kind: 'answer', pieces: ['Mugs can be returned ', 'within 30 days.'] });
    const visitor = await newVisitor();
    await say(visitor, 'how do I return a mug for a refund?');
    await eventually(async () =>
      expect((await messagesOf(visitor)).map((m) => m.content)).toContain(
        'Mugs can be returned within 30 days.',
      ),
    );
    expect((await readyz()).body.languageModel.lastCall).toMatchObject({ answered: true });

    model.willAnswer({ kind: 'status', status: 503, message: 'overloaded' });
    const other = await newVisitor();
    await say(other, 'how do I return a mug for a refund?');
    // The retrieval answer goes out instead; the service stays ready.
    await eventually(async () =>
      expect((await messagesOf(other)).some((m) => m.content.includes('30 days'))).toBe(true),
    );
    const after = await readyz();
    expect(after.status).toBe(200);
    expect(after.body.languageModel.lastCall).toMatchObject({ answered: false, reason: 'provider-error' });
  });
});
