import { randomUUID } from 'node:crypto';
import {
  BillingEvent,
  FUNNEL_METRICS,
  type FunnelCounts,
  type FunnelView,
  type OrderPaidData,
} from '@parley/contracts';
import { EventStore, streamName } from '@parley/eventstore';
import { connectTestNats } from '@parley/testing';
import type { NatsConnection } from 'nats';
import { addDomain } from './support/content';
import { eventually, startConversationsWorld, type ConversationsWorld } from './support/conversations';
import { registerOwner } from './support/flows';
import type { GatewayClient } from './support/http-client';
import { FRONTEND, type TestGateway } from './support/stack';

let world: ConversationsWorld;
let gateway: TestGateway;
let nc: NatsConnection;

/**
 * Issue 17: the funnel the dashboard shows equals what the event log says. A run is seeded
 * through the product's own APIs (and billing's OrderPaid appended as billing records it), then
 * both streams are read message by message straight from JetStream, the counts computed here
 * from the raw payloads, and compared with GET /api/funnel.
 */
beforeAll(async () => {
  world = await startConversationsWorld();
  gateway = await world.stack.startGateway({
    DOMAINS_GRPC_URL: world.domains.grpcUrl,
    CONTENT_GRPC_URL: world.content.grpcUrl,
    CONVERSATIONS_GRPC_URL: world.conversations.grpcUrl,
    EVENT_NAMESPACE: world.stack.namespace,
  });
  nc = await connectTestNats();
}, 180_000);

afterAll(async () => {
  await nc?.close();
  await world?.dispose();
});

interface Owner {
  client: GatewayClient;
  accountId: string;
  domainId: string;
}

async function ownerWithDomain(): Promise<Owner> {
  const client = world.stack.client({ gateway, origin: FRONTEND });
  const registered = await registerOwner(world.stack, client);
  const domainId = await addDomain(client, world.content);
  await world.conversations.knowsDomain(domainId);
  return { client, accountId: registered.user.id, domainId };
}

async function visitor(domainId: string) {
  const client = world.stack.client({ gateway, origin: gateway.url });
  const session = await client.post('/api/widget/session', { domainId });
  expect(session.status).toBe(200);
  client.bearer = session.body.data.token;
  return { client, customerId: session.body.data.customerId as string };
}

async function write(v: { client: GatewayClient }, content: string): Promise<string> {
  const posted = await v.client.post('/api/widget/messages', { content });
  expect(posted.status).toBe(201);
  return posted.body.data.roomId as string;
}

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A whole run of one domain: who came, who wrote, what the assistant and the team did, what was bought. */
async function seed(owner: Owner, orders: number[]) {
  const answered = await visitor(owner.domainId);
  const answeredRoom = await write(answered, 'Do you ship to Norway?');
  await world.conversations.call('postBotMessage', {
    roomId: answeredRoom,
    content: 'Yes, in 3-5 days.',
    clientId: `${answeredRoom}:reply`,
  });
  const handed = await visitor(owner.domainId);
  const handedRoom = await write(handed, 'I want a person');
  await world.conversations.call('postBotMessage', {
    roomId: handedRoom,
    content: 'A person will join you.',
    clientId: `${handedRoom}:handoff`,
  });
  await world.conversations.call('requestHandoff', { roomId: handedRoom, reason: 'asked for a person' });
  // Wrote, but nobody answered yet: a conversation, neither answered nor handed off.
  await write(await visitor(owner.domainId), 'hello?');
  // Came and left without writing.
  await visitor(owner.domainId);
  const emailed = await visitor(owner.domainId);
  expect(
    (await emailed.client.post('/api/widget/email', { email: `e-${randomUUID()}@example.com` })).status,
  ).toBe(200);
  const booked = await answered.client.post('/api/widget/bookings', {
    date: dayFromNow(3),
    slot: '10:00am',
    email: `b-${randomUUID()}@example.com`,
  });
  expect(booked.status).toBe(200);

  const billing = new EventStore(nc, { context: 'billing', namespace: world.stack.namespace });
  for (const amountCents of orders) {
    const order: OrderPaidData = {
      accountId: owner.accountId,
      orderId: `pi_${randomUUID()}`,
      domainId: owner.domainId,
      customerId: answered.customerId,
      roomId: answeredRoom,
      productId: randomUUID(),
      productName: 'Mug',
      description: 'Mug × 1',
      quantity: 1,
      amountCents,
      currency: 'usd',
      customerName: 'Ann',
      customerEmail: 'ann@example.com',
      paidAt: new Date().toISOString(),
    };
    const subject = billing.subject('account', owner.accountId);
    const { version } = await billing.load(subject);
    await billing.append(subject, [{ type: BillingEvent.OrderPaid, data: order }], {
      expectedVersion: version,
      commandId: randomUUID(),
    });
  }
}

interface RawEvent {
  type: string;
  data: Record<string, unknown>;
}

/** Every event of a stream, read one message at a time by sequence: no code of the product in between. */
async function readStream(context: string): Promise<RawEvent[]> {
  const jsm = await nc.jetstreamManager();
  const stream = streamName(context, world.stack.namespace);
  const info = await jsm.streams.info(stream);
  const events: RawEvent[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
    const m = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
    if (m) events.push(JSON.parse(new TextDecoder().decode(m.data)) as RawEvent);
  }
  return events;
}

/** The funnel's counts of one domain, computed from the raw log alone. */
function countFromLog(conversations: RawEvent[], billing: RawEvent[], domainId: string): FunnelCounts {
  const of = (type: string) => conversations.filter((e) => e.type === type);
  const audienceDomain = (e: RawEvent) => (e.data.audience as { domainId: string }).domainId;
  const distinct = (events: RawEvent[], key: string) => new Set(events.map((e) => e.data[key] as string));
  const rooms = distinct(
    of('conversations.RoomOpened').filter((e) => audienceDomain(e) === domainId),
    'roomId',
  );
  const live = distinct(
    of('conversations.LiveModeChanged').filter(
      (e) => e.data.live === true && rooms.has(e.data.roomId as string),
    ),
    'roomId',
  );
  const botAnswered = distinct(
    of('conversations.MessagePosted').filter(
      (e) => e.data.author === 'bot' && e.data.isNote === false && rooms.has(e.data.roomId as string),
    ),
    'roomId',
  );
  const orders = billing.filter((e) => e.type === 'billing.OrderPaid' && e.data.domainId === domainId);
  return {
    visitors: distinct(
      of('conversations.CustomerRegistered').filter((e) => e.data.domainId === domainId),
      'customerId',
    ).size,
    conversations: rooms.size,
    answeredByAssistant: [...botAnswered].filter((r) => !live.has(r)).length,
    handedOff: live.size,
    emails: distinct(
      of('conversations.CustomerEmailSet').filter((e) => e.data.domainId === domainId),
      'customerId',
    ).size,
    bookings: distinct(
      of('conversations.AppointmentBooked').filter((e) => e.data.domainId === domainId),
      'bookingId',
    ).size,
    orders: distinct(orders, 'orderId').size,
    revenueCents: orders.reduce((sum, e) => sum + (e.data.amountCents as number), 0),
  };
}

it('equals the counts computed independently from the event log, per domain', async () => {
  const [ann, bea] = await Promise.all([ownerWithDomain(), ownerWithDomain()]);
  await seed(ann, [1250, 4000]);
  await seed(bea, [999]);

  // From yesterday, so a run across midnight (UTC) still has every event in its period.
  const query = `from=${dayFromNow(-1)}&to=${dayFromNow(0)}`;
  let annFunnel: FunnelView | undefined;
  let expected: FunnelCounts | undefined;
  await eventually(async () => {
    const [conversations, billing] = await Promise.all([readStream('conversations'), readStream('billing')]);
    expected = countFromLog(conversations, billing, ann.domainId);
    const res = await ann.client.get<{ data: FunnelView }>(`/api/funnel?domainId=${ann.domainId}&${query}`);
    expect(res.status).toBe(200);
    annFunnel = res.body.data;
    expect(annFunnel.totals).toEqual(expected);
  }, 30_000);

  // What the seed did, so the comparison above is not of two empty sets.
  expect(expected).toEqual({
    visitors: 5,
    conversations: 3,
    answeredByAssistant: 1,
    handedOff: 1,
    emails: 1, // the email form (a booking's address is the booking's, not the customer's)
    bookings: 1,
    orders: 2,
    revenueCents: 5250,
  });
  expect(annFunnel!.currency).toBe('usd');
  // The daily buckets add up to the totals, every day of the period listed.
  expect(annFunnel!.days.map((d) => d.day)).toEqual([dayFromNow(-1), dayFromNow(0)]);
  for (const m of FUNNEL_METRICS) {
    expect(annFunnel!.days.reduce((sum, d) => sum + d[m], 0)).toBe(annFunnel!.totals[m]);
  }
  // Nothing before this run: this week's counts are new (no earlier week to compare with).
  expect(annFunnel!.weekOverWeek.current).toEqual(expected);
  expect(annFunnel!.weekOverWeek.change.visitors).toBeNull();

  // Bea's domain counts only Bea's run; neither owner reads the other's.
  const [conversations, billing] = await Promise.all([readStream('conversations'), readStream('billing')]);
  await eventually(async () => {
    const beas = await bea.client.get<{ data: FunnelView }>(`/api/funnel?domainId=${bea.domainId}&${query}`);
    expect(beas.body.data.totals).toEqual(countFromLog(conversations, billing, bea.domainId));
  }, 30_000);
  const foreign = await ann.client.get(`/api/funnel?domainId=${bea.domainId}`);
  expect(foreign.status).toBe(404);
  expect(foreign.body.error.code).toBe('DOMAIN_NOT_FOUND');
});

it('refuses bad periods with clear messages', async () => {
  const owner = await ownerWithDomain();
  const bad = async (q: string) =>
    (await owner.client.get(`/api/funnel?domainId=${owner.domainId}&${q}`)).body.error;
  expect(await bad('from=2026-02-30')).toMatchObject({
    code: 'VALIDATION',
    message: 'Choose a date (YYYY-MM-DD)',
  });
  expect(await bad('from=2026-03-02&to=2026-03-01')).toMatchObject({
    message: 'The period must start before it ends',
  });
  expect(await bad('from=2024-01-01&to=2026-01-01')).toMatchObject({
    message: 'A period can be at most 366 days',
  });
  const none = await owner.client.get('/api/funnel');
  expect(none.status).toBe(400);
  expect(none.body.error.message).toBe('Choose a domain');
  // The default period: the 7 days ending today, all zeros for a new domain.
  const fresh = await owner.client.get<{ data: FunnelView }>(`/api/funnel?domainId=${owner.domainId}`);
  expect(fresh.status).toBe(200);
  expect(fresh.body.data.days).toHaveLength(7);
  expect(fresh.body.data.to).toBe(dayFromNow(0));
  expect(fresh.body.data.totals.visitors).toBe(0);
  expect(fresh.body.data.weekOverWeek.change.visitors).toBe(0);
});
