import { randomUUID } from 'node:crypto';
import { ConversationsEvent } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { CustomerEventType } from './domain/customer/events';
import { refusal, type TestCaller } from '../test/conversations-client';
import { startHarnessWithDomain, type Harness } from '../test/harness';

type Answer = { questionId: string; question: string; answer: string };

/** The assistant's room-scoped calls: what the visitor wrote in the chat reaches the room's customer. */
describe('conversations: room customer email and answers', () => {
  let h: Harness;
  let owner: TestCaller;
  let domainId: string;
  let store: EventStore;

  beforeAll(async () => {
    ({ h, owner, domainId } = await startHarnessWithDomain());
    store = new EventStore(h.nc, { context: 'conversations', namespace: h.namespace });
  }, 60_000);
  afterAll(() => h?.stop());

  async function visitorInRoom(content = 'Hello') {
    const { session, visitor } = await h.newVisitor(domainId);
    const posted = await h.call('PostVisitorMessage', { visitor, content, clientId: randomUUID() });
    return { session, visitor, roomId: posted.room.id as string };
  }
  const eventsOfCustomer = async (customerId: string, type: string) =>
    (await store.load(store.subject('customer', customerId))).events.filter((e) => e.type === type);

  it('sets the email on the room’s customer once, however often it is repeated', async () => {
    const { session, visitor, roomId } = await visitorInRoom();
    const set = await h.call('SetRoomCustomerEmail', { roomId, email: 'Bea@Example.com' });
    expect(set).toEqual({ customerId: session.customerId, email: 'bea@example.com' });
    const again = await h.call('SetRoomCustomerEmail', { roomId, email: 'bea@example.com' });
    expect(again).toEqual(set);
    expect(await eventsOfCustomer(session.customerId, ConversationsEvent.CustomerEmailSet)).toHaveLength(1);

    const detail = await h.call('GetRoomCustomer', { caller: owner, roomId });
    expect(detail).toMatchObject({ customerId: session.customerId, email: 'bea@example.com' });
    // The visitor's own key resumes the customer, now with the email, and still reaches the room.
    const resumed = await h.call('OpenVisitorSession', { domainId, visitorKey: session.visitorKey });
    expect(resumed).toMatchObject({ customerId: session.customerId, email: 'bea@example.com', roomId });
    expect((await h.call('GetVisitorChat', { visitor })).room.id).toBe(roomId);
  });

  it('refuses a bad email and a room that does not exist', async () => {
    const { roomId } = await visitorInRoom();
    const bad = await refusal(h.call('SetRoomCustomerEmail', { roomId, email: 'not an email' }));
    expect(bad).toMatchObject({ kind: 'validation', message: 'Incorrect email format' });
    expect(bad.fields).toEqual([{ field: 'email', message: 'Incorrect email format' }]);
    for (const missing of [randomUUID(), 'not-a-room', '']) {
      expect(
        await refusal(h.call('SetRoomCustomerEmail', { roomId: missing, email: 'x@example.com' })),
      ).toMatchObject({ kind: 'not_found', code: 'ROOM_NOT_FOUND' });
    }
    expect((await h.call('GetRoomCustomer', { caller: owner, roomId })).email).toBe('');
  });

  it('makes the room a known email’s customer, without showing the visitor that customer’s chats or answers', async () => {
    // Browser A chats and answers as carl@.
    const a = await visitorInRoom('A: my secret order');
    await h.call('SaveCustomerAnswers', {
      visitor: a.visitor,
      answers: [{ questionId: 'q1', question: 'Budget?', answer: 'A-budget' }],
    });
    await h.call('SetVisitorEmail', { visitor: a.visitor, email: 'carl@example.com' });

    // Browser B writes carl's email in its chat; the assistant passes it on.
    const b = await visitorInRoom('B: hi, I am carl@example.com');
    const set = await h.call('SetRoomCustomerEmail', { roomId: b.roomId, email: 'carl@example.com' });
    expect(set).toEqual({ customerId: a.session.customerId, email: 'carl@example.com' });
    // Redelivered: nothing more moves.
    expect(await h.call('SetRoomCustomerEmail', { roomId: b.roomId, email: 'carl@example.com' })).toEqual(
      set,
    );
    expect(await eventsOfCustomer(a.session.customerId, CustomerEventType.Absorbed)).toHaveLength(1);
    const moved = (await store.load(store.subject('room', b.roomId))).events.filter(
      (e) => e.type === ConversationsEvent.RoomReassigned,
    );
    expect(moved).toHaveLength(1);

    // The owner sees one customer with both rooms and A's answer.
    for (const roomId of [a.roomId, b.roomId]) {
      expect(await h.call('GetRoomCustomer', { caller: owner, roomId })).toMatchObject({
        customerId: a.session.customerId,
        email: 'carl@example.com',
        answers: [{ questionId: 'q1', answer: 'A-budget' }],
      });
    }
    // B still reaches its own room only, and none of A's answers; A does not reach B's room.
    const bChat = await h.call('GetVisitorChat', { visitor: b.visitor });
    expect(bChat.room).toMatchObject({ id: b.roomId, customerId: a.session.customerId });
    expect(bChat.messages.map((m: { content: string }) => m.content)).toEqual([
      'B: hi, I am carl@example.com',
    ]);
    expect((await h.call('ListCustomerAnswers', { visitor: b.visitor })).answers).toEqual([]);
    const resumedB = await h.call('OpenVisitorSession', { domainId, visitorKey: b.session.visitorKey });
    expect(resumedB).toMatchObject({
      customerId: b.session.customerId,
      roomId: b.roomId,
      email: 'carl@example.com',
    });
    const aChat = await h.call('GetVisitorChat', { visitor: a.visitor });
    expect(aChat.room.id).toBe(a.roomId);
    expect(aChat.messages.map((m: { content: string }) => m.content)).toEqual(['A: my secret order']);
  });

  it('records an answer on the room’s customer once, and a later answer replaces it', async () => {
    const { session, roomId } = await visitorInRoom();
    const answer: Answer = {
      questionId: 'budget',
      question: 'What is your budget?',
      answer: 'About 40 dollars',
    };
    const saved = await h.call('SaveRoomCustomerAnswer', { roomId, ...answer });
    expect(saved.answers).toMatchObject([answer]);
    expect((await h.call('SaveRoomCustomerAnswer', { roomId, ...answer })).answers).toEqual(saved.answers);
    expect(await eventsOfCustomer(session.customerId, ConversationsEvent.CustomerAnswersSaved)).toHaveLength(
      1,
    );

    await h.call('SaveRoomCustomerAnswer', { roomId, ...answer, answer: 'Nearer 60' });
    await h.call('SaveRoomCustomerAnswer', {
      roomId,
      questionId: 'size',
      question: 'Which size?',
      answer: 'Large',
    });
    const detail = await h.call('GetRoomCustomer', { caller: owner, roomId });
    expect(detail.answers).toMatchObject([
      { questionId: 'budget', question: 'What is your budget?', answer: 'Nearer 60' },
      { questionId: 'size', question: 'Which size?', answer: 'Large' },
    ]);
  });

  it('shows the visitor the answers given in its own room’s chat, never another browser’s', async () => {
    const a = await visitorInRoom('A: hello');
    const roast: Answer = { questionId: 'roast', question: 'Which roast?', answer: 'Dark' };
    await h.call('SaveRoomCustomerAnswer', { roomId: a.roomId, ...roast });
    const listOf = async (visitor: object) =>
      ((await h.call('ListCustomerAnswers', { visitor })).answers as Answer[]).map((x) => [
        x.questionId,
        x.question,
        x.answer,
      ]);
    expect(await listOf(a.visitor)).toEqual([['roast', 'Which roast?', 'Dark']]);
    // The latest answer counts, wherever it was given: the widget's form, then the chat again.
    await h.call('SaveCustomerAnswers', { visitor: a.visitor, answers: [{ ...roast, answer: 'Medium' }] });
    expect(await listOf(a.visitor)).toEqual([['roast', 'Which roast?', 'Medium']]);
    await h.call('SaveRoomCustomerAnswer', { roomId: a.roomId, ...roast, answer: 'Light' });
    expect(await listOf(a.visitor)).toEqual([['roast', 'Which roast?', 'Light']]);

    // A's email, given in browser B, continues as A's customer: B does not see A's chat answers,
    // and an answer in B's chat reaches B and the owner only.
    const set = await h.call('SetVisitorEmail', { visitor: a.visitor, email: 'dora@example.com' });
    const aNow = { customerId: set.customerId as string, domainId, keyId: set.keyId as string };
    const b = await visitorInRoom('B: hello');
    await h.call('SetRoomCustomerEmail', { roomId: b.roomId, email: 'dora@example.com' });
    expect(await listOf(b.visitor)).toEqual([]);
    await h.call('SaveRoomCustomerAnswer', {
      roomId: b.roomId,
      questionId: 'size',
      question: 'Which size?',
      answer: 'Large',
    });
    expect(await listOf(b.visitor)).toEqual([['size', 'Which size?', 'Large']]);
    expect(await listOf(aNow)).toEqual([['roast', 'Which roast?', 'Light']]);
    const owner_ = await h.call('GetRoomCustomer', { caller: owner, roomId: b.roomId });
    expect((owner_.answers as Answer[]).map((x) => x.questionId).sort()).toEqual(['roast', 'size']);
  });

  it('refuses an empty or too long answer, a missing question id, and a room that does not exist', async () => {
    const { roomId } = await visitorInRoom();
    const base: Answer = { questionId: 'budget', question: 'What is your budget?', answer: 'Some' };
    const cases: [Partial<Answer>, string][] = [
      [{ answer: '  ' }, 'answer'],
      [{ answer: 'x'.repeat(2001) }, 'answer'],
      [{ questionId: '' }, 'questionId'],
      [{ question: 'q'.repeat(1001) }, 'question'],
    ];
    for (const [change, field] of cases) {
      const refused = await refusal(h.call('SaveRoomCustomerAnswer', { roomId, ...base, ...change }));
      expect(refused.kind).toBe('validation');
      expect(refused.fields.map((f) => f.field)).toEqual([field]);
    }
    expect(await refusal(h.call('SaveRoomCustomerAnswer', { roomId: randomUUID(), ...base }))).toMatchObject({
      kind: 'not_found',
      code: 'ROOM_NOT_FOUND',
    });
    expect((await h.call('GetRoomCustomer', { caller: owner, roomId })).answers).toEqual([]);
  });
});
