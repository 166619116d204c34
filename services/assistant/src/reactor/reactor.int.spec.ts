import { randomUUID } from 'node:crypto';
import { assistantSignalSubject, assistantSignalSchema, type AssistantSignal } from '@parley/contracts';
import { assistantAnswer, metricsText } from '@parley/metrics';
import { eventually, startOtlpReceiver, type ReceivedSpan } from '@parley/testing';
import { startTracing } from '@parley/tracing';
import { Pool } from 'pg';
import { texts } from '../policy';
import { article } from '../../test/knowledge-events';
import { startHarness, type Harness } from '../../test/harness';

/** The assistant with the real conversations service: visitor messages in, bot replies out. */
describe('assistant reactor', () => {
  let h: Harness;
  let owner: { userId: string; role: string; accountId: string };
  let domainId: string;
  let articleId: string;
  const signals: AssistantSignal[] = [];

  beforeAll(async () => {
    h = await startHarness();
    const accountId = await h.billing.registerOwner('STANDARD');
    owner = { userId: accountId, role: 'OWNER', accountId };
    const sub = h.nc.subscribe(assistantSignalSubject(h.namespace));
    void (async () => {
      for await (const m of sub)
        signals.push(assistantSignalSchema.parse(JSON.parse(new TextDecoder().decode(m.data))));
    })();
    domainId = await h.events.domainAdded(owner.accountId);
    await h.events.welcomeMessage(domainId, 'Welcome to the mug shop!');
    articleId = await h.events.itemCreated(
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
  afterAll(() => h?.stop());

  const newVisitor = async (ofDomain = domainId) => {
    const session = await eventually(() =>
      h.conversations.call('OpenVisitorSession', { domainId: ofDomain, visitorKey: '' }),
    );
    return { customerId: session.customerId as string, domainId: ofDomain, keyId: session.keyId as string };
  };
  const say = (visitor: object, content: string) =>
    h.conversations.call('PostVisitorMessage', { visitor, content, clientId: randomUUID() });
  const chat = (visitor: object) => h.conversations.call('GetVisitorChat', { visitor });
  type Message = { role: string; content: string; link: string; clientId: string };

  /** parley_assistant_answer_seconds' count and sum for one outcome and engine. */
  const answerTimes = async (outcome: string, engine: string) => {
    const { values } = await assistantAnswer.get();
    const of = (name: string) =>
      values.find((v) => v.metricName === name && v.labels.outcome === outcome && v.labels.engine === engine)
        ?.value ?? 0;
    return {
      count: of('parley_assistant_answer_seconds_count'),
      sum: of('parley_assistant_answer_seconds_sum'),
    };
  };

  it('answers a visitor’s question from the article, with its link, once, and signals typing first', async () => {
    const visitor = await newVisitor();
    const timesBefore = await answerTimes('answer', 'retrieval');
    const sent = Date.now();
    const posted = await say(visitor, 'how can I return my mug and get a refund?');
    const roomId = posted.room.id as string;
    const bot = await eventually(async () => {
      const { messages } = await chat(visitor);
      const replies = (messages as Message[]).filter((m) => m.role === 'assistant' && m.link);
      expect(replies).toHaveLength(1);
      return { all: messages as Message[], reply: replies[0]! };
    });
    expect(bot.reply.content).toContain('30 days');
    expect(bot.reply.link).toContain(articleId);
    // Greeting and answer, each with a client id made from the visitor's message id.
    const fromBot = bot.all.filter((m) => m.role === 'assistant');
    expect(fromBot.every((m) => m.clientId.startsWith(posted.message.id))).toBe(true);
    // The answer alone: the widget shows the welcome message itself, the bot never repeats it.
    expect(fromBot.map((m) => m.content).join(' ')).not.toContain('Welcome to the mug shop!');
    const forRoom = signals.filter((s) => s.roomId === roomId && s.kind === 'typing');
    expect(forRoom.map((s) => s.kind === 'typing' && s.isTyping)).toEqual([true, false]);
    expect(forRoom[0]!.audience).toMatchObject({ accountId: owner.accountId, domainId });
    // The answer used one of the plan's requests.
    expect((await h.billing.usage(owner.accountId)).requestsUsed).toBeGreaterThanOrEqual(1);
    // Its answer time: one observation, from the message stored to the turn done.
    const times = await eventually(async () => {
      const now = await answerTimes('answer', 'retrieval');
      expect(now.count).toBe(timesBefore.count + 1);
      return now;
    });
    const seconds = times.sum - timesBefore.sum;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual((Date.now() - sent) / 1000);
    // The reactor's lag and pending messages, like a projection's, come down to nothing.
    const reactorSeries = async (name: string) =>
      (await metricsText()).body
        .split('\n')
        .filter((l) => l.startsWith(`${name}{`) && l.includes('projection="assistant-reactor-v1"'));
    await eventually(async () => {
      expect(await reactorSeries('parley_projection_lag_events')).toEqual([expect.stringMatching(/ 0$/)]);
      expect(await reactorSeries('parley_consumer_pending_messages')).toEqual([expect.stringMatching(/ 0$/)]);
      expect(await reactorSeries('parley_projection_dead_letters')).toEqual([expect.stringMatching(/ 0$/)]);
    });
  });

  it('answers a message that came before its domain reached the read model once the domain is there', async () => {
    const late = await h.events.domainAdded(owner.accountId);
    await h.events.welcomeMessage(late, 'Welcome, late shop!');
    await eventually(async () => expect(await h.assistant.knowledge.isKnown(late)).toBe(true));
    const pool = new Pool({ connectionString: h.db.url, max: 1 });
    try {
      // As if the projection had not got to the domain yet when the visitor wrote.
      const { rows } = await pool.query('DELETE FROM knowledge_domains WHERE domain_id = $1 RETURNING *', [
        late,
      ]);
      expect(rows).toHaveLength(1);
      const visitor = await newVisitor(late);
      const posted = await say(visitor, 'hello there');
      // Typing on and off for the room: the reactor took the message up and let it go unanswered.
      await eventually(async () =>
        expect(
          signals
            .filter((x) => x.roomId === posted.room.id && x.kind === 'typing')
            .map((x) => x.kind === 'typing' && x.isTyping),
        ).toEqual(expect.arrayContaining([true, false])),
      );
      const before = (await chat(visitor)).messages as Message[];
      expect(before.filter((m) => m.role === 'assistant')).toEqual([]);

      await pool.query(
        'INSERT INTO knowledge_domains SELECT * FROM json_populate_record(NULL::knowledge_domains, $1)',
        [JSON.stringify(rows[0])],
      );
      const replies = await eventually(async () => {
        const { messages } = await chat(visitor);
        const fromBot = (messages as Message[]).filter((m) => m.role === 'assistant');
        expect(fromBot.length).toBeGreaterThan(0);
        return fromBot;
      });
      // The greeting of the bot's own, never the welcome message the widget shows.
      expect(replies.map((m) => m.content).join(' ')).toContain('What can I help you with');
      expect(replies.map((m) => m.content).join(' ')).not.toContain('Welcome, late shop!');
    } finally {
      await pool.end();
    }
  });

  it('stays silent in a live room, and hands over when the visitor asks for a person', async () => {
    const live = await newVisitor();
    const first = await say(live, 'hello');
    await eventually(async () =>
      expect(
        (await chat(live)).messages.filter((m: Message) => m.role === 'assistant').length,
      ).toBeGreaterThan(0),
    );
    await h.conversations.call('SetLiveMode', { caller: owner, roomId: first.room.id, live: true });
    await say(live, 'how do I return a mug?');

    const human = await newVisitor();
    await say(human, 'can I talk to a human please');
    const room = await eventually(async () => {
      const c = await chat(human);
      expect(c.room.live).toBe(true);
      return c;
    });
    expect((room.messages as Message[]).some((m) => m.content === 'Live support mode has been enabled')).toBe(
      true,
    );

    // Live off again, then a new question: once that is answered, the reactor has handled the
    // message sent while the room was live (one customer's events run in order), which got none.
    await h.conversations.call('SetLiveMode', { caller: owner, roomId: first.room.id, live: false });
    await say(live, 'and do you ship to Canada?');
    const liveChat = await eventually(async () => {
      const c = await chat(live);
      const last = (c.messages as Message[]).at(-1)!;
      expect(last.role).toBe('assistant');
      expect(last.clientId).not.toBe('');
      return c;
    });
    const messages = liveChat.messages as Message[];
    const duringLive = messages.slice(
      messages.findIndex((m) => m.content === 'how do I return a mug?') + 1,
      messages.findIndex((m) => m.content === 'and do you ship to Canada?'),
    );
    // Only what the switches themselves posted (the bot answers carry the visitor message's id).
    expect(duringLive.filter((m) => m.role === 'assistant' && m.clientId !== '')).toEqual([]);
  });

  it('at the plan’s limit answers no more: the visitor is told so and offered a person', async () => {
    const accountId = await h.billing.registerOwner('STANDARD');
    const domain = await h.events.domainAdded(accountId);
    await h.events.itemCreated('article', accountId, domain, article('Returns policy', 'Within 30 days.'));
    await eventually(async () =>
      expect((await h.assistant.knowledge.load(domain, accountId))?.articles).toHaveLength(1),
    );
    // 100 answers already given this period (STANDARD's credits).
    await eventually(() => h.billing.usage(accountId));
    for (let i = 0; i < 100; i++) await h.billing.consume(accountId, `earlier-${i}`);
    expect((await h.billing.usage(accountId)).allowed).toBe(false);

    const session = await eventually(() =>
      h.conversations.call('OpenVisitorSession', { domainId: domain, visitorKey: '' }),
    );
    const visitor = { customerId: session.customerId, domainId: domain, keyId: session.keyId };
    await say(visitor, 'how do I return a mug?');
    const replies = await eventually(async () => {
      const bot = ((await chat(visitor)).messages as Message[]).filter((m) => m.role === 'assistant');
      expect(bot.length).toBeGreaterThan(0);
      return bot;
    });
    expect(replies.map((m) => m.content)).toEqual([texts.limitReached]);
    expect((await h.billing.usage(accountId)).requestsUsed).toBe(100);
  });

  it('at the plan’s limit still hands over a visitor who asks for a person, charging nothing', async () => {
    const accountId = await h.billing.registerOwner('STANDARD');
    const limited = { userId: accountId, role: 'OWNER', accountId };
    const domain = await h.events.domainAdded(accountId);
    await h.events.itemCreated('article', accountId, domain, article('Returns policy', 'Within 30 days.'));
    await eventually(async () =>
      expect((await h.assistant.knowledge.load(domain, accountId))?.articles).toHaveLength(1),
    );
    await eventually(() => h.billing.usage(accountId));
    for (let i = 0; i < 100; i++) await h.billing.consume(accountId, `earlier-${i}`);

    const session = await eventually(() =>
      h.conversations.call('OpenVisitorSession', { domainId: domain, visitorKey: '' }),
    );
    const visitor = { customerId: session.customerId, domainId: domain, keyId: session.keyId };
    const posted = await say(visitor, 'can I talk to a human please?');
    const room = await eventually(async () => {
      const c = await chat(visitor);
      expect(c.room.live).toBe(true);
      return c;
    });
    const fromBot = (room.messages as Message[]).filter((m) => m.role === 'assistant').map((m) => m.content);
    expect(fromBot).toEqual([texts.handoff(null), 'Live support mode has been enabled']);
    const detail = await h.conversations.call('GetRoom', { caller: limited, roomId: posted.room.id });
    expect(detail).toMatchObject({ live: true, mailed: true });
    // Nothing charged for it: the plan's 100 stay 100.
    expect((await h.billing.usage(accountId)).requestsUsed).toBe(100);
  });
  it('continues the trace of the visitor’s message: its turn and its answer, posted and stored', async () => {
    const receiver = await startOtlpReceiver();
    const tracing = startTracing('assistant-test', { tracesUrl: receiver.tracesUrl, sampleRatio: 1 });
    try {
      const visitor = await newVisitor();
      await say(visitor, 'how do I get a refund for a mug?');
      await eventually(async () => {
        const { messages } = await chat(visitor);
        expect((messages as Message[]).some((m) => m.role === 'assistant' && m.link)).toBe(true);
      });
      const spans = await eventually(async () => {
        await tracing.flush();
        const posted = receiver.spans.find((s) => s.name.endsWith('/PostVisitorMessage') && s.kind === 2);
        expect(posted).toBeDefined();
        const trace = receiver.spans.filter((s) => s.traceId === posted!.traceId);
        expect(
          trace.filter((s) => s.name.endsWith('/PostBotMessage') && s.kind === 2).length,
        ).toBeGreaterThan(0);
        return trace;
      });
      const byId = new Map(spans.map((s) => [s.spanId, s]));
      const ancestors = (span: ReceivedSpan): string[] => {
        const names: string[] = [];
        for (let at = byId.get(span.parentSpanId); at; at = byId.get(at.parentSpanId)) names.push(at.name);
        return names;
      };
      // visitor message -> append -> the reactor's turn -> the bot's post -> its append.
      const turn = spans.find((s) => s.name === 'react assistant-reactor-v1' && s.kind === 5)!;
      expect(turn).toBeDefined();
      expect(ancestors(turn)).toEqual([
        expect.stringMatching(/^append .*_CONVERSATIONS$/),
        'parley.conversations.v1.Conversations/PostVisitorMessage',
        expect.stringMatching(/Conversations\/PostVisitorMessage$/), // the test's own client call
      ]);
      const botPost = spans.find((s) => s.name.endsWith('/PostBotMessage') && s.kind === 2)!;
      expect(ancestors(botPost)).toContain('react assistant-reactor-v1');
      const botAppend = spans.find((s) => s.kind === 4 && s.parentSpanId === botPost.spanId);
      expect(botAppend?.attributes['parley.event.types']).toContain('conversations.MessagePosted');
      expect(receiver.refused).toEqual([]);
    } finally {
      await tracing.shutdown();
      await receiver.close();
    }
  });
});
