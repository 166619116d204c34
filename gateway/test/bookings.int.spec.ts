import { bookingMessage, type Booking, type BookingPage } from '@parley/contracts';
import {
  agentOf,
  eventually,
  ownerWithDomain,
  startConversationsWorld,
  visitorOf,
  type ConversationsWorld,
  type SignedInOwner,
} from './support/conversations';
import type { GatewayClient } from './support/http-client';
import { startTestNotifications, type TestNotifications } from './support/notifications';
import { FRONTEND } from './support/stack';

let base: ConversationsWorld;
/** The same services behind a gateway that also reaches notifications. */
let world: ConversationsWorld;
let notifications: TestNotifications;

beforeAll(async () => {
  base = await startConversationsWorld();
  notifications = await startTestNotifications(FRONTEND, base.stack.namespace);
  const gateway = await base.stack.startGateway({
    DOMAINS_GRPC_URL: base.domains.grpcUrl,
    CONTENT_GRPC_URL: base.content.grpcUrl,
    CONVERSATIONS_GRPC_URL: base.conversations.grpcUrl,
    NOTIFICATIONS_GRPC_URL: notifications.address,
    EVENT_NAMESPACE: base.stack.namespace,
  });
  world = { ...base, gateway };
}, 180_000);

afterAll(async () => {
  await base?.dispose();
  await notifications?.dispose();
});

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const bookingsOf = async (client: GatewayClient, query = '') => {
  const res = await client.get<BookingPage>(`/api/bookings${query}`);
  expect(res.status).toBe(200);
  return res.body;
};

async function domainName(owner: SignedInOwner): Promise<string> {
  const listed = await owner.client.get<{ data: Array<{ id: string; domain: string }> }>('/api/domains');
  return listed.body.data.find((d) => d.id === owner.domainId)!.domain;
}

async function book(visitor: GatewayClient, slot: string, date = day(2)) {
  const res = await visitor.post('/api/widget/bookings', {
    date,
    slot,
    email: 'vera@example.com',
    name: 'Vera',
  });
  expect(res.status).toBe(200);
  return res.body.data as { id: string; customerId: string };
}

async function chat(visitor: GatewayClient, content = 'Hello'): Promise<string> {
  const res = await visitor.post('/api/widget/messages', { content });
  expect(res.status).toBe(201);
  return res.body.data.roomId as string;
}

it('a booking from the widget without a chat reaches the owner: the bookings list, BOOKING in the bell and a mail', async () => {
  const owner = await ownerWithDomain(world);
  const domain = await domainName(owner);
  const { client: visitor, session } = await visitorOf(world, owner.domainId);
  const date = day(3);
  const res = await visitor.post('/api/widget/bookings', {
    date,
    slot: '10:00am',
    email: 'Vera@Example.com',
  });
  expect(res.status).toBe(200);
  // The visitor's answer: their own booking, no conversation or domain fields.
  expect(res.body.data).toEqual({
    id: expect.any(String),
    customerId: session.customerId,
    domainId: owner.domainId,
    appointmentTypeId: null,
    appointmentName: 'Discovery Call',
    date,
    slot: '10:00am',
    email: 'vera@example.com',
    name: 'Guest',
    createdAt: expect.any(String),
  });
  const id = res.body.data.id as string;

  await eventually(async () => {
    const listed = await owner.client.get<BookingPage>('/api/bookings');
    expect(listed.headers.get('cache-control')).toBe('no-store');
    expect(listed.body).toEqual({
      data: [
        {
          id,
          customerId: expect.any(String),
          domainId: owner.domainId,
          domain,
          appointmentTypeId: null,
          appointmentName: 'Discovery Call',
          date,
          slot: '10:00am',
          email: 'vera@example.com',
          name: 'Guest',
          createdAt: res.body.data.createdAt,
          roomId: null,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    });
  });

  const text = bookingMessage(
    { name: 'Guest', appointmentName: 'Discovery Call', date, slot: '10:00am' },
    domain,
  );
  await eventually(async () => {
    const bell = await owner.client.get<{ data: Array<Record<string, unknown>> }>('/api/notifications');
    expect(bell.body.data.filter((n) => n.type === 'BOOKING')).toEqual([
      {
        id: expect.any(String),
        type: 'BOOKING',
        message: text,
        read: false,
        createdAt: res.body.data.createdAt,
        domainId: owner.domainId,
        roomId: null,
      },
    ]);
  }, 20_000);
  await eventually(async () => {
    const mails = await notifications.inbox(owner.user.email);
    expect(mails.map((m) => m.subject)).toEqual([text]);
  }, 20_000);

  // The visitor writes afterwards: the booking shows that conversation.
  const roomId = await chat(visitor, 'About my booking');
  await eventually(async () =>
    expect((await bookingsOf(owner.client)).data[0]).toMatchObject({ id, roomId }),
  );
});

it('an agent sees only the bookings of conversations shared with them, in the list and the insights panel', async () => {
  const owner = await ownerWithDomain(world);
  const agent = await agentOf(world, owner.user);
  const shared = await visitorOf(world, owner.domainId);
  const other = await visitorOf(world, owner.domainId);
  const sharedRoom = await chat(shared.client);
  const otherRoom = await chat(other.client);
  const share = await owner.client.post(`/api/conversations/${sharedRoom}/share`, {
    memberId: agent.user.id,
  });
  expect(share.status).toBe(200);
  const mine = await book(shared.client, '9:00am');
  const notMine = await book(other.client, '11:00am');

  await eventually(async () => {
    expect((await bookingsOf(owner.client)).data.map((b: Booking) => b.id).sort()).toEqual(
      [mine.id, notMine.id].sort(),
    );
    const seen = await bookingsOf(agent.client);
    expect(seen).toMatchObject({ total: 1, data: [{ id: mine.id, roomId: sharedRoom }] });
  });
  const panel = await agent.client.get(`/api/conversations/${sharedRoom}/customer`);
  expect(panel.body.data.bookings.map((b: Booking) => b.id)).toEqual([mine.id]);
  expect((await agent.client.get(`/api/conversations/${otherRoom}/customer`)).status).toBe(403);
  // Another account sees none of them.
  const stranger = await ownerWithDomain(world);
  expect(await bookingsOf(stranger.client)).toEqual({ data: [], total: 0, page: 1, pageSize: 20 });
});

it('pages and orders, validates the query, and needs a dashboard session', async () => {
  const owner = await ownerWithDomain(world);
  const { client: visitor } = await visitorOf(world, owner.domainId);
  const first = await book(visitor, '9:00am', day(4));
  const second = await book(visitor, '9:00am', day(5));
  await eventually(async () => expect((await bookingsOf(owner.client)).total).toBe(2));
  expect(await bookingsOf(owner.client, '?pageSize=1&page=2')).toMatchObject({
    data: [{ id: first.id }],
    total: 2,
    page: 2,
    pageSize: 1,
  });
  expect((await bookingsOf(owner.client, '?sort=date_asc&pageSize=1')).data.map((b) => b.id)).toEqual([
    first.id,
  ]);
  expect((await bookingsOf(owner.client, '?sort=booked_desc')).data.map((b) => b.id)).toEqual([
    second.id,
    first.id,
  ]);
  expect((await bookingsOf(owner.client, `?when=past&domainId=${owner.domainId}`)).total).toBe(0);

  const refused: [string, string, string][] = [
    ['?sort=name', 'sort', 'sort must be one of date_desc, date_asc, booked_desc'],
    ['?when=soon', 'when', 'when must be one of all, upcoming, past'],
    ['?page=0', 'page', 'page must be a whole number from 1 to 1000'],
    ['?page=abc', 'page', 'page must be a whole number from 1 to 1000'],
    ['?page=1&page=2', 'page', 'page must be a whole number from 1 to 1000'],
    ['?pageSize=101', 'pageSize', 'pageSize must be a whole number from 1 to 100'],
    [`?domainId=${'x'.repeat(201)}`, 'domainId', 'A domain id is required'],
  ];
  for (const [query, field, message] of refused) {
    const res = await owner.client.get(`/api/bookings${query}`);
    expect([query, res.status, res.body.error.fields]).toEqual([query, 400, [{ field, message }]]);
  }

  const anonymous = world.stack.client({ gateway: world.gateway, origin: FRONTEND });
  expect((await anonymous.get('/api/bookings')).status).toBe(401);
  expect((await visitor.get('/api/bookings')).status).toBe(401);
});
