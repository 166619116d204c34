import { randomUUID } from 'node:crypto';
import {
  ConversationsEvent,
  DomainsEvent,
  type AppointmentBooked,
  type DomainAdded,
  type DomainDeleted,
} from '@parley/contracts';
import type { EventStore } from '@parley/eventstore';
import { resetProjection } from '@parley/projections';
import { eventually } from '@parley/testing';
import {
  appendEvent as append,
  createWorld,
  domainKnown,
  registerOwner,
  startForTest,
  testConfig,
  type Caller,
  type RunningNotifications,
  type TestWorld,
} from './harness';

jest.setTimeout(60_000);

const APP_URL = 'https://app.parley.example';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface Account {
  owner: Caller;
  email: string;
  domainId: string;
  domain: string;
}

/**
 * Issue 10: a booking reaches the owner however the visitor booked (Home or Products tab, no
 * chat): conversations' AppointmentBooked, appended as conversations records it, gives BOOKING in
 * the bell (owner and the members the conversation is shared with) and one mail to the owner.
 */
describe('booking notifications and mail', () => {
  let world: TestWorld;
  let service: RunningNotifications;
  let identity: EventStore;
  let domains: EventStore;
  let conversations: EventStore;

  const start = () => startForTest(testConfig(world, { publicAppUrl: APP_URL }), { announcePollMs: 500 });
  const bookingsOf = async (caller: Caller) =>
    (await service.list(caller)).notifications.filter((n) => n.type === 'BOOKING');

  async function account(label: string): Promise<Account> {
    const { userId, email } = await registerOwner(identity, label);
    const added: DomainAdded = {
      domainId: randomUUID(),
      accountId: userId,
      addedBy: userId,
      domain: `${label}-shop.example.com`,
      addedAt: new Date().toISOString(),
    };
    await append(domains, 'domain', added.domainId, DomainsEvent.DomainAdded, added);
    await domainKnown(world, added.domainId);
    return { owner: { userId, accountId: userId }, email, domainId: added.domainId, domain: added.domain };
  }

  /** A booking as conversations records it, on the slot's own subject. */
  async function book(a: Account, over: Partial<AppointmentBooked> = {}): Promise<AppointmentBooked> {
    const data: AppointmentBooked = {
      bookingId: randomUUID(),
      customerId: randomUUID(),
      accountId: a.owner.accountId,
      domainId: a.domainId,
      appointmentTypeId: '',
      appointmentName: 'Discovery Call',
      date: inDays(3),
      slot: '10:00am',
      email: 'vera@example.com',
      name: 'Vera Visitor',
      bookedAt: new Date().toISOString(),
      roomId: null,
      sharedWith: [],
      ...over,
    };
    await append(conversations, 'slot', randomUUID(), ConversationsEvent.AppointmentBooked, data);
    return data;
  }

  beforeAll(async () => {
    world = await createWorld();
    identity = world.store('identity');
    domains = world.store('domains');
    conversations = world.store('conversations');
    service = await start();
  });

  afterAll(async () => {
    await service?.stop();
    await world?.dispose();
  });

  it('a booking without a chat gives the owner BOOKING and one mail with who, what, when and a link', async () => {
    const ann = await account('ann');
    const booking = await book(ann, { date: '2030-01-05', slot: '2:00pm', appointmentName: 'Fitting' });
    const text = `New booking on ${ann.domain}: Fitting with Vera Visitor, Sat, Jan 5, 2030 at 2:00pm`;

    const [notification] = await eventually(async () => {
      const found = await bookingsOf(ann.owner);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(notification).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'BOOKING',
      message: text,
      read: false,
      createdAt: booking.bookedAt,
      domainId: ann.domainId,
      roomId: '', // proto3's empty string: the gateway answers null
    });
    expect((await service.list(ann.owner)).unreadCount).toBe(2); // with the domain's DOMAIN_SETUP

    const [mail] = await world.mailsTo(ann.email, 1);
    expect(mail).toMatchObject({ to: [ann.email], subject: text });
    expect(mail!.text).toContain('Hi ann Owner,');
    expect(mail!.text).toContain('Email: vera@example.com');
    expect(mail!.text).toContain(`${APP_URL}/dashboard/bookings?domainId=${ann.domainId}`);
    expect(mail!.html).toContain(`${APP_URL}/dashboard/bookings?domainId=${ann.domainId}`);
  });

  it('tells the members the booking’s conversation is shared with, and mails only the owner', async () => {
    const bea = await account('bea');
    const member: Caller = { userId: randomUUID(), accountId: bea.owner.accountId };
    const other: Caller = { userId: randomUUID(), accountId: bea.owner.accountId };
    await book(bea, { roomId: randomUUID(), sharedWith: [member.userId] });
    await eventually(async () => expect(await bookingsOf(member)).toHaveLength(1));
    expect(await bookingsOf(bea.owner)).toHaveLength(1);
    expect(await bookingsOf(other)).toEqual([]);
    await world.mailsTo(bea.email, 1);
    const { rows } = await world.db.pool.query<{ recipient: string }>(
      "SELECT recipient FROM mail_outbox WHERE template = 'booking' AND recipient <> $1 AND data->>'bookingsUrl' LIKE $2",
      [bea.email, `%${bea.domainId}`],
    );
    expect(rows).toEqual([]);
  });

  it('a booking of a deleted domain tells nobody; a full replay adds no notification and no mail', async () => {
    const cy = await account('cy');
    const deleted: DomainDeleted = {
      domainId: cy.domainId,
      accountId: cy.owner.accountId,
      deletedAt: new Date().toISOString(),
    };
    await append(domains, 'domain', cy.domainId, DomainsEvent.DomainDeleted, deleted);
    await eventually(async () => {
      const { rowCount } = await world.db.pool.query(
        'SELECT 1 FROM notification_deleted_domains WHERE domain_id = $1',
        [cy.domainId],
      );
      expect(rowCount).toBe(1);
    });
    await book(cy);
    const dee = await account('dee');
    const kept = await book(dee);
    await world.mailsTo(dee.email, 1);
    await eventually(async () => expect(await bookingsOf(dee.owner)).toHaveLength(1));
    expect(await bookingsOf(cy.owner)).toEqual([]);
    expect(await world.inbox(cy.email)).toEqual([]);

    // Every booking is delivered again from the first one.
    await service.stop();
    await resetProjection(world.nc, world.db.pool, 'notifications-bookings-v1', world.namespace);
    service = await start();
    const witness = await account('witness-replay');
    await book(witness);
    await world.mailsTo(witness.email, 1);
    await eventually(async () => expect(await bookingsOf(witness.owner)).toHaveLength(1));

    expect(await bookingsOf(dee.owner)).toHaveLength(1);
    expect(await world.inbox(dee.email)).toHaveLength(1);
    const { rows } = await world.db.pool.query<{ status: string }>(
      'SELECT status FROM mail_outbox WHERE id = $1',
      [`booking:${kept.bookingId}`],
    );
    expect(rows).toEqual([{ status: 'sent' }]);
  });
});
