// Conversations' events already in the log with text PostgreSQL refuses (NUL, lone surrogates)
// are applied by its read model and reach the team's reads; nothing is parked.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  ConversationsEvent,
  type LiveModeChanged,
  type MessagePosted,
  type RoomAudience,
} from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { deadLetters, eventually, storedFrom, unstorable } from '@parley/testing';
import { startHarness, type Harness } from './harness';
import { newOwner, type TestCaller } from './conversations-client';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('conversations and text PostgreSQL refuses', () => {
  let h: Harness;
  let owner: TestCaller;

  beforeAll(async () => {
    h = await startHarness();
    owner = newOwner();
  }, 60_000);
  afterAll(() => h?.stop());

  it('applies messages, live mode, the customer’s email and answers, and a booking with NUL and lone surrogates in every text field', async () => {
    const domainId = await h.domains.added(owner.accountId, randomUUID(), unstorable('shop.example.com'));
    const { visitor } = await h.newVisitor(domainId);
    const { room } = await h.call('PostVisitorMessage', { visitor, content: 'Hello', clientId: '' });
    const roomId = room.id as string;
    const store = new EventStore(h.nc, { context: 'conversations', namespace: h.namespace });
    const append = async (aggregate: string, id: string, type: string, data: object) => {
      const subject = store.subject(aggregate, id);
      const { version } = await store.load(subject);
      return store.append(subject, [{ type, data }], { expectedVersion: version, commandId: randomUUID() });
    };
    const now = new Date().toISOString();
    const audience: RoomAudience = {
      accountId: owner.accountId,
      domainId,
      customerId: visitor.customerId,
      sharedWith: [],
    };
    const posted: MessagePosted = {
      roomId,
      audience,
      messageId: randomUUID(),
      clientId: unstorable('client'),
      role: 'assistant',
      author: 'team',
      content: unstorable('We ship tomorrow'),
      teamMemberId: owner.userId,
      teamMemberName: unstorable('Ann'),
      isNote: false,
      link: unstorable('https://shop.example.com/faq'),
      productIds: [],
      decision: { reason: unstorable('asked'), [unstorable('key')]: [unstorable('value')] },
      postedAt: now,
    };
    await append('room', roomId, ConversationsEvent.MessagePosted, posted);
    const live: LiveModeChanged = {
      roomId,
      audience,
      live: true,
      changedBy: owner.userId,
      reason: unstorable('a person'),
      changedAt: now,
    };
    await append('room', roomId, ConversationsEvent.LiveModeChanged, live);
    const facts = { customerId: visitor.customerId, accountId: owner.accountId, domainId };
    await append('customer', visitor.customerId, ConversationsEvent.CustomerEmailSet, {
      ...facts,
      email: unstorable('ann@example.com'),
      setAt: now,
    });
    await append('customer', visitor.customerId, ConversationsEvent.CustomerAnswersSaved, {
      ...facts,
      answers: [
        { questionId: 'q1', question: unstorable('Size?'), answer: unstorable('Large'), answeredAt: now },
      ],
      savedAt: now,
    });
    const bookingId = randomUUID();
    const date = new Date(Date.now() + 3 * DAY_MS).toISOString().slice(0, 10);
    await append('slot', randomBytes(16).toString('hex'), ConversationsEvent.AppointmentBooked, {
      ...facts,
      bookingId,
      appointmentTypeId: '',
      appointmentName: unstorable('Fitting'),
      date,
      slot: '10:00am',
      email: unstorable('ann@example.com'),
      name: unstorable('Ann'),
      bookedAt: now,
    });

    const messages = await eventually(async () => {
      const read = await h.call('GetRoomMessages', { caller: owner, roomId, includeBot: true });
      expect(read.room.live).toBe(true);
      return read.messages as Record<string, unknown>[];
    });
    expect(messages.at(-1)).toMatchObject({
      content: storedFrom('We ship tomorrow'),
      teamMemberName: storedFrom('Ann'),
      link: storedFrom('https://shop.example.com/faq'),
      clientId: storedFrom('client'),
    });
    expect(JSON.parse(messages.at(-1)!.decisionJson as string)).toEqual({
      reason: storedFrom('asked'),
      [storedFrom('key')]: [storedFrom('value')],
    });
    const customer = await eventually(async () => {
      const detail = await h.call('GetRoomCustomer', { caller: owner, roomId });
      expect(detail.bookings).toHaveLength(1);
      return detail;
    });
    expect(customer.bookings).toEqual([
      expect.objectContaining({
        id: bookingId,
        appointmentName: storedFrom('Fitting'),
        name: storedFrom('Ann'),
        email: storedFrom('ann@example.com'),
      }),
    ]);
    // The customer's email and answers as the read model keeps them (GetRoomCustomer reads them
    // from the customer's own events).
    const pool = h.db.pool;
    const row = await pool.query('SELECT email FROM customers WHERE customer_id = $1', [visitor.customerId]);
    expect(row.rows).toEqual([{ email: storedFrom('ann@example.com') }]);
    const answers = await pool.query('SELECT question, answer FROM customer_answers WHERE customer_id = $1', [
      visitor.customerId,
    ]);
    expect(answers.rows).toEqual([{ question: storedFrom('Size?'), answer: storedFrom('Large') }]);
    const { rooms } = await h.call('ListRooms', { caller: owner, filter: 'all', domainId });
    expect(rooms).toEqual([
      expect.objectContaining({
        id: roomId,
        domain: storedFrom('shop.example.com'),
        customerEmail: storedFrom('ann@example.com'),
      }),
    ]);
    expect(await deadLetters(h.db.pool)).toEqual([]);
  });
});
