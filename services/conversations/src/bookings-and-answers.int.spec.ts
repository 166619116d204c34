import { randomUUID } from 'node:crypto';
import { SLOT_TAKEN_MESSAGE } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { newOwner, refusal, type TestCaller } from '../test/conversations-client';
import { eventually } from '@parley/testing';
import { startHarnessWithDomain, type Harness } from '../test/harness';
import { hashKey } from './app/aggregates';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** Bookings (race-free per slot), filter-question answers and article feedback. */
describe('conversations: bookings, answers and feedback', () => {
  let h: Harness;
  let owner: TestCaller;
  let domainId: string;

  beforeAll(async () => {
    ({ h, owner, domainId } = await startHarnessWithDomain());
  }, 60_000);
  afterAll(() => h?.stop());

  const newVisitor = async () => (await h.newVisitor(domainId)).visitor;

  it('books a slot with the defaults, shows it taken and lists it for the owner', async () => {
    const visitor = await newVisitor();
    const date = dayFromToday(3);
    const booking = await h.call('BookAppointment', {
      visitor,
      date,
      slot: '10:00am',
      email: ' Ann@Example.com ',
    });
    expect(booking).toMatchObject({
      customerId: visitor.customerId,
      domainId,
      appointmentTypeId: '',
      appointmentName: 'Discovery Call',
      name: 'Guest',
      email: 'ann@example.com',
      date,
      slot: '10:00am',
    });
    const typed = await h.call('BookAppointment', {
      visitor,
      date,
      slot: '2:00pm',
      email: 'ann@example.com',
      name: 'Ann',
      appointmentTypeId: randomUUID(),
      appointmentName: 'Fitting',
    });
    expect(typed).toMatchObject({ name: 'Ann', appointmentName: 'Fitting' });

    await eventually(async () => {
      expect(await h.call('ListTakenSlots', { domainId, date })).toEqual({ slots: ['10:00am', '2:00pm'] });
      const { bookings } = await h.call('ListBookings', { caller: owner, domainId });
      expect(bookings.map((b: { id: string }) => b.id)).toEqual([typed.id, booking.id]);
    });
    expect(await h.call('ListTakenSlots', { domainId, date: dayFromToday(4) })).toEqual({ slots: [] });
    const other = newOwner();
    expect(await h.call('ListBookings', { caller: other, domainId: '' })).toEqual({
      bookings: [],
      total: 0,
      page: 1,
      pageSize: 20,
    });
  });

  it('lets exactly one of two concurrent bookings of a slot win', async () => {
    const [a, b] = await Promise.all([newVisitor(), newVisitor()]);
    const date = dayFromToday(5);
    const results = await Promise.allSettled(
      [a, b].map((visitor) =>
        h.call('BookAppointment', { visitor, date, slot: '9:00am', email: 'race@example.com' }),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toMatchObject({
      kind: 'conflict',
      code: 'SLOT_TAKEN',
      message: SLOT_TAKEN_MESSAGE,
    });
    // The slot's own history holds exactly one booking: the winner's.
    const store = new EventStore(h.nc, { context: 'conversations', namespace: h.namespace });
    const slot = await store.load(store.subject('slot', hashKey(domainId, date, '9:00am')));
    expect(slot.events.map((e) => (e.data as { customerId: string }).customerId)).toEqual([
      (won[0] as PromiseFulfilledResult<{ customerId: string }>).value.customerId,
    ]);
    await eventually(async () => {
      expect(await h.call('ListTakenSlots', { domainId, date })).toEqual({ slots: ['9:00am'] });
    });
  });

  it('refuses past dates, dates too far ahead, slots not offered and bad emails', async () => {
    const visitor = await newVisitor();
    const cases: [object, string][] = [
      [{ date: dayFromToday(-1), slot: '9:00am', email: 'a@example.com' }, 'date'],
      [{ date: dayFromToday(91), slot: '9:00am', email: 'a@example.com' }, 'date'],
      [{ date: '2030-02-30', slot: '9:00am', email: 'a@example.com' }, 'date'],
      [{ date: dayFromToday(1), slot: '8:00am', email: 'a@example.com' }, 'slot'],
      [{ date: dayFromToday(1), slot: '9:00am', email: 'not-an-email' }, 'email'],
    ];
    for (const [input, field] of cases) {
      const e = await refusal(h.call('BookAppointment', { visitor, ...input }));
      expect(e.kind).toBe('validation');
      expect(e.fields[0]?.field).toBe(field);
    }
    const email = await refusal(
      h.call('BookAppointment', { visitor, date: dayFromToday(1), slot: '9:00am', email: 'x@' }),
    );
    expect(email.message).toBe('Incorrect email format');
    await h.call('BookAppointment', {
      visitor,
      date: dayFromToday(0),
      slot: '4:00pm',
      email: 'a@example.com',
    });
    await h.call('BookAppointment', {
      visitor,
      date: dayFromToday(90),
      slot: '4:00pm',
      email: 'a@example.com',
    });
    const unknown = await refusal(
      h.call('ListTakenSlots', { domainId: randomUUID(), date: dayFromToday(1) }),
    );
    expect(unknown).toMatchObject({ kind: 'not_found', code: 'DOMAIN_NOT_FOUND' });
  });

  it('saves answers (a later one replaces the earlier) and shows them in the room’s customer', async () => {
    const visitor = await newVisitor();
    expect(await h.call('ListCustomerAnswers', { visitor })).toEqual({ answers: [] });
    const saved = await h.call('SaveCustomerAnswers', {
      visitor,
      answers: [
        { questionId: 'q1', question: 'What size?', answer: 'M' },
        { questionId: 'q2', question: 'Colour?', answer: 'Blue' },
      ],
    });
    expect(saved.answers.map((a: { answer: string }) => a.answer)).toEqual(['M', 'Blue']);
    const replaced = await h.call('SaveCustomerAnswers', {
      visitor,
      answers: [{ questionId: 'q1', question: 'What size?', answer: 'L' }],
    });
    expect(
      Object.fromEntries(
        replaced.answers.map((a: { questionId: string; answer: string }) => [a.questionId, a.answer]),
      ),
    ).toEqual({
      q1: 'L',
      q2: 'Blue',
    });
    expect((await h.call('ListCustomerAnswers', { visitor })).answers).toHaveLength(2);
    const empty = await refusal(
      h.call('SaveCustomerAnswers', { visitor, answers: [{ questionId: 'q1', answer: ' ' }] }),
    );
    expect(empty).toMatchObject({ kind: 'validation' });

    await h.call('SetVisitorEmail', { visitor, email: `buyer-${randomUUID()}@example.com` });
    const booking = await h.call('BookAppointment', {
      visitor,
      date: dayFromToday(10),
      slot: '11:00am',
      email: 'buyer@example.com',
    });
    const { room } = await h.call('PostVisitorMessage', {
      visitor,
      content: 'About my booking',
      clientId: '',
    });
    const detail = await eventually(async () => {
      const d = await h.call('GetRoomCustomer', { caller: owner, roomId: room.id });
      expect(d.bookings).toHaveLength(1);
      return d;
    });
    expect(detail).toMatchObject({ customerId: visitor.customerId, bookings: [{ id: booking.id }] });
    expect(detail.email).toMatch(/^buyer-.*@example\.com$/);
    expect(detail.answers.map((a: { questionId: string }) => a.questionId).sort()).toEqual(['q1', 'q2']);
  });

  it('records article feedback', async () => {
    const visitor = await newVisitor();
    const articleId = randomUUID();
    await h.call('RecordArticleFeedback', { visitor, articleId, helpful: true });
    const store = new EventStore(h.nc, { context: 'conversations', namespace: h.namespace });
    const { events } = await store.load(store.subject('customer', visitor.customerId));
    expect(events.at(-1)).toMatchObject({
      type: 'conversations.ArticleFeedbackGiven',
      data: {
        customerId: visitor.customerId,
        domainId,
        accountId: owner.accountId,
        articleId,
        helpful: true,
      },
    });
    const e = await refusal(h.call('RecordArticleFeedback', { visitor, articleId: '', helpful: true }));
    expect(e.kind).toBe('validation');
  });
});
