// Domains, content and conversations events already in the log with text PostgreSQL refuses
// (NUL, lone surrogates) reach the assistant's knowledge and its rooms' state; nothing is
// given up or parked.
import { randomUUID } from 'node:crypto';
import { ConversationsEvent, type MessagePosted, type RoomAudience } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { deadLetters, eventually, storedFrom, unstorable } from '@parley/testing';
import { article } from './knowledge-events';
import { startHarness, type Harness } from './harness';

jest.setTimeout(90_000);

describe('assistant and text PostgreSQL refuses', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(() => h?.stop());

  it('keeps knowledge and answers a visitor whose message and email hold NUL and lone surrogates', async () => {
    const accountId = await h.billing.registerOwner('STANDARD');
    const domainId = await h.events.domainAdded(accountId, randomUUID(), unstorable('mugs.example'));
    await h.events.welcomeMessage(domainId, unstorable('Welcome to the mug shop!'));
    await h.events.config(domainId, {
      personality: 'friendly',
      tone: 'casual',
      businessDescription: unstorable('We sell mugs'),
      industry: 'retail',
      responseStyle: 'concise',
      handoff: 'quick',
      shippingEnabled: true,
      shippingTime: unstorable('3-5'),
      shippingRegions: [unstorable('Europe')],
      shippingCosts: {},
      freeShippingThreshold: 0,
    });
    const questionId = await h.events.filterQuestionAdded(
      domainId,
      unstorable('Which size?'),
      unstorable('Large'),
    );
    const articleId = await h.events.itemCreated(
      'article',
      accountId,
      domainId,
      article(unstorable('Returns policy'), unstorable('You can return any mug within 30 days.'), {
        tags: [unstorable('returns')],
      }),
    );

    // Two streams, two projections: wait until both have applied everything.
    await eventually(async () =>
      expect(await h.assistant.knowledge.load(domainId, accountId)).toMatchObject({
        domain: storedFrom('mugs.example'),
        welcomeMessage: storedFrom('Welcome to the mug shop!'),
        config: { businessDescription: storedFrom('We sell mugs'), shippingRegions: [storedFrom('Europe')] },
        filterQuestions: [
          { id: questionId, question: storedFrom('Which size?'), answer: storedFrom('Large') },
        ],
        articles: [{ id: articleId, title: storedFrom('Returns policy'), tags: [storedFrom('returns')] }],
      }),
    );

    // A visitor's room, then a message and an email as they would be in the log.
    await h.conversations.knowsDomain(domainId);
    const session = await eventually(() =>
      h.conversations.call('OpenVisitorSession', { domainId, visitorKey: '' }),
    );
    const visitor = { customerId: session.customerId as string, domainId, keyId: session.keyId as string };
    const { room } = await h.conversations.call('PostVisitorMessage', {
      visitor,
      content: 'hello',
      clientId: randomUUID(),
    });
    const roomId = room.id as string;
    const store = new EventStore(h.nc, { context: 'conversations', namespace: h.namespace });
    const append = async (aggregate: string, id: string, type: string, data: object) => {
      const subject = store.subject(aggregate, id);
      const { version } = await store.load(subject);
      return (
        await store.append(subject, [{ type, data }], { expectedVersion: version, commandId: randomUUID() })
      ).version;
    };
    const audience: RoomAudience = { accountId, domainId, customerId: visitor.customerId, sharedWith: [] };
    const question: MessagePosted = {
      roomId,
      audience,
      messageId: randomUUID(),
      clientId: unstorable('client'),
      role: 'user',
      author: 'visitor',
      content: unstorable('how do I return my mug?'),
      isNote: false,
      productIds: [],
      postedAt: new Date().toISOString(),
    };
    await append('room', roomId, ConversationsEvent.MessagePosted, question);
    const emailSet = await append('customer', visitor.customerId, ConversationsEvent.CustomerEmailSet, {
      customerId: visitor.customerId,
      accountId,
      domainId,
      email: unstorable('ann@example.com'),
      setAt: new Date().toISOString(),
    });

    const state = await eventually(async () => {
      const { rows } = await h.db.pool.query('SELECT state, last_seq FROM room_policy WHERE room_id = $1', [
        roomId,
      ]);
      expect(Number(rows[0]?.last_seq)).toBeGreaterThanOrEqual(emailSet);
      return rows[0].state;
    });
    expect(state.email).toBe(storedFrom('ann@example.com'));
    expect(state.recent.map((t: { text: string }) => t.text)).toContain(
      storedFrom('how do I return my mug?'),
    );
    // It was answered, from the article.
    await eventually(async () => {
      const { messages } = await h.conversations.call('GetVisitorChat', { visitor });
      expect(messages.map((m: { content: string }) => m.content).join(' ')).toContain('30 days');
    });
    expect(await deadLetters(h.db.pool)).toEqual([]);
  });
});
