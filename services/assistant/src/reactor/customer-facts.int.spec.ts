import { randomUUID } from 'node:crypto';
import { eventually } from '@parley/testing';
import { texts } from '../policy';
import { article } from '../../test/knowledge-events';
import { startHarness, type Harness } from '../../test/harness';

type Message = { role: string; content: string };

/** What the visitor tells the bot reaches the room's customer in the real conversations service. */
describe('assistant reactor: the visitor’s email and filter answers', () => {
  let h: Harness;
  let owner: { userId: string; role: string; accountId: string };

  beforeAll(async () => {
    h = await startHarness();
    const accountId = await h.billing.registerOwner('STANDARD');
    owner = { userId: accountId, role: 'OWNER', accountId };
  }, 60_000);
  afterAll(() => h?.stop());

  async function domainWith(filterQuestions: string[]): Promise<{ domainId: string; questionIds: string[] }> {
    const domainId = await h.events.domainAdded(owner.accountId);
    await h.events.itemCreated(
      'article',
      owner.accountId,
      domainId,
      article('Returns policy', 'You can return any mug within 30 days.'),
    );
    const questionIds: string[] = [];
    for (const q of filterQuestions) questionIds.push(await h.events.filterQuestionAdded(domainId, q, ''));
    await eventually(async () => {
      const knowledge = await h.assistant.knowledge.load(domainId, owner.accountId);
      expect(knowledge?.articles).toHaveLength(1);
      expect(knowledge?.filterQuestions.map((q) => q.id)).toEqual(questionIds);
    });
    return { domainId, questionIds };
  }
  const newVisitor = async (domainId: string) => {
    const session = await eventually(() =>
      h.conversations.call('OpenVisitorSession', { domainId, visitorKey: '' }),
    );
    return { customerId: session.customerId as string, domainId, keyId: session.keyId as string };
  };
  const say = async (visitor: object, content: string): Promise<string> =>
    (await h.conversations.call('PostVisitorMessage', { visitor, content, clientId: randomUUID() })).room
      .id as string;
  /** The bot's messages once there are `count` of them. */
  const botMessages = (visitor: object, count: number) =>
    eventually(async () => {
      const { messages } = await h.conversations.call('GetVisitorChat', { visitor });
      const bot = (messages as Message[]).filter((m) => m.role === 'assistant').map((m) => m.content);
      expect(bot).toHaveLength(count);
      return bot;
    });
  const roomCustomer = (roomId: string) => h.conversations.call('GetRoomCustomer', { caller: owner, roomId });

  it('sets the email the visitor writes on the room’s customer and thanks them', async () => {
    const { domainId } = await domainWith([]);
    const visitor = await newVisitor(domainId);
    const roomId = await say(visitor, 'my email is Dana@Example.com');
    // No greeting before it: the widget shows the welcome message itself.
    const bot = await botMessages(visitor, 1);
    expect(bot[0]).toBe(texts.emailThanks('dana@example.com'));
    await eventually(async () =>
      expect(await roomCustomer(roomId)).toMatchObject({
        customerId: visitor.customerId,
        email: 'dana@example.com',
      }),
    );
  });

  it('links the room to the customer who already holds the email, showing the visitor nothing of theirs', async () => {
    const { domainId } = await domainWith([]);
    const known = await newVisitor(domainId);
    await h.conversations.call('SetVisitorEmail', { visitor: known, email: 'erin@example.com' });
    await say(known, 'Erin: my order 1234');

    const visitor = await newVisitor(domainId);
    const roomId = await say(visitor, 'erin@example.com');
    await botMessages(visitor, 1);
    await eventually(async () =>
      expect(await roomCustomer(roomId)).toMatchObject({
        customerId: known.customerId,
        email: 'erin@example.com',
      }),
    );
    const { messages } = await h.conversations.call('GetVisitorChat', { visitor });
    expect((messages as Message[]).map((m) => m.content)).not.toContain('Erin: my order 1234');
  });

  it('asks the filter questions in order and records each answer on the room’s customer', async () => {
    const questions = ['What is your budget?', 'Which size do you need?'];
    const { domainId, questionIds } = await domainWith(questions);
    const visitor = await newVisitor(domainId);
    const roomId = await say(visitor, 'hello');
    const asked = await botMessages(visitor, 2);
    expect(asked[1]).toBe(texts.ask(questions[0]!, false));

    await say(visitor, 'about 40 dollars');
    const next = await botMessages(visitor, 3);
    expect(next[2]).toBe(texts.ask(questions[1]!, true));
    await eventually(async () =>
      expect((await roomCustomer(roomId)).answers).toMatchObject([
        { questionId: questionIds[0], question: questions[0], answer: 'about 40 dollars' },
      ]),
    );

    await say(visitor, 'large');
    const done = await botMessages(visitor, 4);
    expect(done[3]).toBe(texts.answersComplete);
    await eventually(async () =>
      expect((await roomCustomer(roomId)).answers).toMatchObject([
        { questionId: questionIds[0], answer: 'about 40 dollars' },
        { questionId: questionIds[1], question: questions[1], answer: 'large' },
      ]),
    );
  });
});
