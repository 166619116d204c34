import { eventually } from '@parley/testing';
import type { TestCaller } from '../test/conversations-client';
import { startHarnessWithDomain, type Harness } from '../test/harness';

const inAWeek = () => new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

type Session = { customerId: string; keyId: string; visitorKey: string; email: string; roomId: string };

/**
 * Issue 11: anyone can type an email. A visitor is only ever shown what they gave themselves in
 * their own browser: never the current email of a customer whose old email they typed, nor that
 * customer's id (which would tell them the email is known).
 */
describe('conversations: what a visitor learns by typing an email', () => {
  let h: Harness;
  let owner: TestCaller;
  let domainId: string;

  beforeAll(async () => {
    ({ h, owner, domainId } = await startHarnessWithDomain());
  }, 60_000);
  afterAll(() => h?.stop());

  const visitorOf = (s: Session) => ({ customerId: s.customerId, domainId, keyId: s.keyId });
  const resume = (s: Session): Promise<Session> =>
    h.call('OpenVisitorSession', { domainId, visitorKey: s.visitorKey });

  it('tells a visitor who types a customer’s old email only that email, never the customer’s current one or id', async () => {
    // Browser A gives an email, then changes it: the customer's email is now the new one.
    const a = await h.newVisitor(domainId);
    const aOld: Session = await h.call('SetVisitorEmail', {
      visitor: a.visitor,
      email: 'ann.old@example.com',
    });
    const aNew: Session = await h.call('SetVisitorEmail', {
      visitor: visitorOf(aOld),
      email: 'ann.new@example.com',
    });
    expect(aNew.email).toBe('ann.new@example.com');

    // Browser B types A's old email.
    const b = await h.newVisitor(domainId);
    const bSet: Session = await h.call('SetVisitorEmail', {
      visitor: b.visitor,
      email: 'Ann.Old@example.com',
    });
    expect(bSet.email).toBe('ann.old@example.com');
    expect(bSet.customerId).toBe(b.session.customerId);
    expect(bSet.customerId).not.toBe(a.session.customerId);
    // Nor when B comes back (the booking form fills the email in from the session).
    const bBack = await resume(bSet);
    expect(bBack).toMatchObject({
      customerId: b.session.customerId,
      email: 'ann.old@example.com',
      roomId: '',
    });
    // B's new token works, and a booking answers with B's own id.
    expect(await h.call('GetVisitorChat', { visitor: visitorOf(bBack) })).toMatchObject({ room: null });
    const booking = await h.call('BookAppointment', {
      visitor: visitorOf(bBack),
      date: inAWeek(),
      slot: '9:00am',
      email: 'ann.old@example.com',
    });
    expect(booking.customerId).toBe(b.session.customerId);

    // A still sees its own email; the owner sees one customer with A's current email and B's booking.
    expect(await resume(aNew)).toMatchObject({
      customerId: a.session.customerId,
      email: 'ann.new@example.com',
    });
    await eventually(async () => {
      const { bookings } = await h.call('ListBookings', { caller: owner, domainId });
      expect(bookings).toMatchObject([{ id: booking.id, customerId: a.session.customerId }]);
    });
  });

  it('shows a visitor the email they wrote in the chat, and never another customer’s', async () => {
    const a = await h.newVisitor(domainId);
    const aOld: Session = await h.call('SetVisitorEmail', {
      visitor: a.visitor,
      email: 'cleo.old@example.com',
    });
    await h.call('SetVisitorEmail', { visitor: visitorOf(aOld), email: 'cleo.new@example.com' });

    // C writes A's old email in the chat (the assistant passes it on): C becomes A's customer.
    const c = await h.newVisitor(domainId);
    const { room } = await h.call('PostVisitorMessage', {
      visitor: c.visitor,
      content: 'I am cleo.old@example.com',
      clientId: '',
    });
    const set = await h.call('SetRoomCustomerEmail', { roomId: room.id, email: 'cleo.old@example.com' });
    expect(set.customerId).toBe(a.session.customerId);
    const cBack = await resume(c.session);
    expect(cBack).toMatchObject({
      customerId: c.session.customerId,
      email: 'cleo.old@example.com',
      roomId: room.id,
    });
    const chat = await h.call('GetVisitorChat', { visitor: visitorOf(cBack) });
    expect(chat.room).toMatchObject({ id: room.id, customerEmail: '' });

    // D writes a new email in the chat: it comes back to D.
    const d = await h.newVisitor(domainId);
    const dRoom = await h.call('PostVisitorMessage', {
      visitor: d.visitor,
      content: 'dora@example.com',
      clientId: '',
    });
    await h.call('SetRoomCustomerEmail', { roomId: dRoom.room.id, email: 'dora@example.com' });
    expect(await resume(d.session)).toMatchObject({
      customerId: d.session.customerId,
      email: 'dora@example.com',
    });
  });

  it('never shows a new visitor an email', async () => {
    const fresh = await h.newVisitor(domainId);
    expect(fresh.session.email).toBe('');
    expect((await resume(fresh.session)).email).toBe('');
  });
});
