import { newOwner, refusal, type TestCaller } from '../test/conversations-client';
import { eventually } from '@parley/testing';
import { startHarness, type Harness } from '../test/harness';

const inAWeek = () => new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** A visitor giving a known email becomes that customer; a deleted domain takes everything with it. */
describe('conversations: email merge and domain deletion', () => {
  let h: Harness;
  let owner: TestCaller;

  beforeAll(async () => {
    h = await startHarness();
    owner = newOwner();
  }, 60_000);
  afterAll(() => h?.stop());

  it('records an email, refuses a bad one, and keeps the customer', async () => {
    const domainId = await h.domains.added(owner.accountId);
    const { session, visitor } = await h.newVisitor(domainId);
    const bad = await refusal(h.call('SetVisitorEmail', { visitor, email: 'nope' }));
    expect(bad).toMatchObject({ kind: 'validation', message: 'Incorrect email format' });
    expect(bad.fields).toEqual([{ field: 'email', message: 'Incorrect email format' }]);

    const set = await h.call('SetVisitorEmail', { visitor, email: 'Solo@Example.com' });
    expect(set).toMatchObject({
      customerId: session.customerId,
      email: 'solo@example.com',
      accountId: owner.accountId,
    });
    expect(set.visitorKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Both keys resume the customer; the email was given under the new one, which the widget keeps.
    expect(await h.call('OpenVisitorSession', { domainId, visitorKey: set.visitorKey })).toMatchObject({
      customerId: session.customerId,
      email: 'solo@example.com',
    });
    expect(await h.call('OpenVisitorSession', { domainId, visitorKey: session.visitorKey })).toMatchObject({
      customerId: session.customerId,
      email: '',
    });
  });

  it('makes a visitor who gives a known email that customer, moving their rooms and answers', async () => {
    const domainId = await h.domains.added(owner.accountId);
    const known = await h.newVisitor(domainId);
    await h.call('SetVisitorEmail', { visitor: known.visitor, email: 'ann@example.com' });

    const anon = await h.newVisitor(domainId);
    const posted = await h.call('PostVisitorMessage', {
      visitor: anon.visitor,
      content: 'I wrote before giving my email',
      clientId: '',
    });
    await h.call('SaveCustomerAnswers', {
      visitor: anon.visitor,
      answers: [{ questionId: 'q1', question: 'Size?', answer: 'S' }],
    });
    await h.call('BookAppointment', {
      visitor: anon.visitor,
      date: inAWeek(),
      slot: '3:00pm',
      email: 'ann@example.com',
    });

    // The visitor is still named by their own id (their own id changing would tell them the email
    // is known); the owner sees the known customer.
    const merged = await h.call('SetVisitorEmail', { visitor: anon.visitor, email: 'ANN@example.com' });
    expect(merged).toMatchObject({
      customerId: anon.session.customerId,
      email: 'ann@example.com',
      roomId: posted.room.id,
    });
    expect(merged.visitorKey).not.toBe(anon.session.visitorKey);

    // The new key resumes as the visitor; so does the anonymous visitor's old token.
    const resumed = await h.call('OpenVisitorSession', { domainId, visitorKey: merged.visitorKey });
    expect(resumed.customerId).toBe(anon.session.customerId);
    const viaOld = await h.call('GetVisitorChat', { visitor: anon.visitor });
    expect(viaOld.room).toMatchObject({ id: posted.room.id, customerId: known.session.customerId });
    const viaNew = await h.call('GetVisitorChat', {
      visitor: { customerId: merged.customerId, domainId, keyId: merged.keyId },
    });
    expect(viaNew.messages.map((m: { content: string }) => m.content)).toEqual([
      'I wrote before giving my email',
    ]);
    expect(
      (
        await h.call('ListCustomerAnswers', {
          visitor: { customerId: merged.customerId, domainId, keyId: merged.keyId },
        })
      ).answers,
    ).toMatchObject([{ questionId: 'q1', answer: 'S' }]);
    // The known customer's own browser sees only what it opened itself (nothing here).
    const knownChat = await h.call('GetVisitorChat', { visitor: known.visitor });
    expect(knownChat).toMatchObject({ room: null, messages: [] });
    expect((await h.call('ListCustomerAnswers', { visitor: known.visitor })).answers).toEqual([]);

    // The team sees the room under the known customer, with the email and the booking.
    await eventually(async () => {
      const { rooms } = await h.call('ListRooms', { caller: owner, filter: 'all', domainId });
      expect(rooms).toMatchObject([
        { id: posted.room.id, customerId: known.session.customerId, customerEmail: 'ann@example.com' },
      ]);
      const detail = await h.call('GetRoomCustomer', { caller: owner, roomId: posted.room.id });
      expect(detail).toMatchObject({ customerId: known.session.customerId, email: 'ann@example.com' });
      expect(detail.bookings).toHaveLength(1);
    });
  });

  it('never shows a visitor who gives a known email that customer’s earlier chats or answers', async () => {
    const domainId = await h.domains.added(owner.accountId);
    // Browser A chats as alice@x.
    const a = await h.newVisitor(domainId);
    const aRoom = (
      await h.call('PostVisitorMessage', {
        visitor: a.visitor,
        content: 'A: my secret order',
        clientId: 'a1',
      })
    ).room.id as string;
    await h.call('SaveCustomerAnswers', {
      visitor: a.visitor,
      answers: [{ questionId: 'q1', question: 'Budget?', answer: 'A-budget' }],
    });
    const aSession = await h.call('SetVisitorEmail', { visitor: a.visitor, email: 'alice@x.example' });
    const aNow = { customerId: aSession.customerId as string, domainId, keyId: aSession.keyId as string };

    // Browser B (another key) types the same email before writing anything.
    const b = await h.newVisitor(domainId);
    const bSession = await h.call('SetVisitorEmail', { visitor: b.visitor, email: 'alice@x.example' });
    expect(bSession).toMatchObject({ customerId: b.session.customerId, roomId: '' });
    const bNow = { customerId: bSession.customerId as string, domainId, keyId: bSession.keyId as string };
    for (const visitor of [b.visitor, bNow]) {
      expect(await h.call('GetVisitorChat', { visitor })).toMatchObject({ room: null, messages: [] });
      expect((await h.call('ListCustomerAnswers', { visitor })).answers).toEqual([]);
    }
    // Resuming B's key does not name A's room either.
    const resumed = await h.call('OpenVisitorSession', { domainId, visitorKey: bSession.visitorKey });
    expect(resumed).toMatchObject({ customerId: b.session.customerId, roomId: '' });
    // Marking seen does not touch A's room; B's first message opens B's own room.
    await h.call('PostTeamMessage', { caller: owner, roomId: aRoom, content: 'Your order ships' });
    await h.call('MarkSeenByVisitor', { visitor: bNow });
    const bPost = await h.call('PostVisitorMessage', { visitor: bNow, content: 'B: hello', clientId: 'b1' });
    expect(bPost.room.id).not.toBe(aRoom);
    expect(bPost.room.customerId).toBe(aSession.customerId);
    const bChat = await h.call('GetVisitorChat', { visitor: bNow });
    expect(bChat.room.id).toBe(bPost.room.id);
    expect(bChat.messages.map((m: { content: string }) => m.content)).toEqual(['B: hello']);
    const aAfter = await h.call('GetRoomMessages', { caller: owner, roomId: aRoom, includeBot: true });
    const teamReply = aAfter.messages.find((m: { content: string }) => m.content === 'Your order ships');
    expect(teamReply.seen).toBe(false);

    // A still sees its own room only, and its answer.
    const aChat = await h.call('GetVisitorChat', { visitor: aNow });
    expect(aChat.room.id).toBe(aRoom);
    expect(aChat.messages.map((m: { content: string }) => m.content)).toEqual([
      'A: my secret order',
      'Your order ships',
    ]);
    expect((await h.call('ListCustomerAnswers', { visitor: aNow })).answers).toMatchObject([
      { questionId: 'q1', answer: 'A-budget' },
    ]);

    // The owner sees one customer, alice, with both rooms.
    await eventually(async () => {
      const { rooms } = await h.call('ListRooms', { caller: owner, filter: 'all', domainId });
      expect(rooms).toHaveLength(2);
      expect(rooms.map((r: { id: string }) => r.id).sort()).toEqual([aRoom, bPost.room.id].sort());
      for (const room of rooms) {
        expect(room).toMatchObject({ customerId: aSession.customerId, customerEmail: 'alice@x.example' });
      }
    });
  });

  it('lets exactly one of two visitors giving a new email at once hold it', async () => {
    const domainId = await h.domains.added(owner.accountId);
    const [a, b] = await Promise.all([h.newVisitor(domainId), h.newVisitor(domainId)]);
    const sessions = await Promise.all(
      [a, b].map((v) => h.call('SetVisitorEmail', { visitor: v.visitor, email: 'twin@example.com' })),
    );
    // Each is told their own id; the owner sees one customer holding the email.
    expect(sessions.map((s) => s.customerId)).toEqual([a.session.customerId, b.session.customerId]);
    for (const s of sessions) {
      await h.call('PostVisitorMessage', {
        visitor: { customerId: s.customerId, domainId, keyId: s.keyId },
        content: 'Hello',
        clientId: '',
      });
    }
    await eventually(async () => {
      const { rooms } = await h.call('ListRooms', { caller: owner, filter: 'all', domainId });
      expect(rooms).toHaveLength(2);
      expect(rooms[0].customerId).toBe(rooms[1].customerId);
      expect([a.session.customerId, b.session.customerId]).toContain(rooms[0].customerId);
      expect(rooms[0].customerEmail).toBe('twin@example.com');
    });
  });

  it('removes a deleted domain’s rooms, messages, customers and bookings, and refuses its visitors', async () => {
    const domainId = await h.domains.added(owner.accountId);
    const keep = await h.domains.added(owner.accountId);
    const { session, visitor } = await h.newVisitor(domainId);
    const other = await h.newVisitor(keep);
    const posted = await h.call('PostVisitorMessage', { visitor, content: 'Hello', clientId: '' });
    await h.call('PostVisitorMessage', { visitor: other.visitor, content: 'Hello too', clientId: '' });
    const date = inAWeek();
    await h.call('BookAppointment', { visitor, date, slot: '1:00pm', email: 'gone@example.com' });
    await eventually(async () => {
      const { rooms } = await h.call('ListRooms', { caller: owner, filter: 'all' });
      const domains = rooms.map((r: { domainId: string }) => r.domainId);
      expect(domains).toEqual(expect.arrayContaining([domainId, keep]));
      expect((await h.call('ListBookings', { caller: owner, domainId })).bookings).toHaveLength(1);
    });

    await h.domains.deleted(owner.accountId, domainId);

    await eventually(async () => {
      const { rooms } = await h.call('ListRooms', { caller: owner, filter: 'all' });
      const domains = rooms.map((r: { domainId: string }) => r.domainId);
      expect(domains).not.toContain(domainId);
      expect(domains).toContain(keep);
    });
    for (const table of ['rooms', 'messages', 'customers', 'bookings', 'domains']) {
      const { rows } = await h.db.pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE domain_id = $1`, [
        domainId,
      ]);
      expect({ table, n: rows[0].n }).toEqual({ table, n: 0 });
    }
    expect((await h.call('ListBookings', { caller: owner, domainId })).bookings).toEqual([]);
    const gone = await refusal(
      h.call('GetRoomMessages', { caller: owner, roomId: posted.room.id, includeBot: true }),
    );
    expect(gone.kind).toBe('not_found');
    const post = await refusal(
      h.call('PostTeamMessage', { caller: owner, roomId: posted.room.id, content: 'Hi' }),
    );
    expect(post.kind).toBe('not_found');
    expect(await h.call('CheckRoomAccess', { caller: owner, roomId: posted.room.id })).toEqual({
      hasAccess: false,
    });
    const session2 = await refusal(
      h.call('OpenVisitorSession', { domainId, visitorKey: session.visitorKey }),
    );
    expect(session2).toMatchObject({ kind: 'not_found', code: 'DOMAIN_NOT_FOUND' });
    const write = await refusal(
      h.call('PostVisitorMessage', { visitor, content: 'still there?', clientId: '' }),
    );
    expect(write).toMatchObject({ kind: 'not_found', code: 'DOMAIN_NOT_FOUND' });
    const bot = await refusal(h.call('PostBotMessage', { roomId: posted.room.id, content: 'Hi' }));
    expect(bot.kind).toBe('not_found');
    // The kept domain is untouched.
    expect((await h.call('GetVisitorChat', { visitor: other.visitor })).messages).toHaveLength(1);
  });
});
