import { randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BillingEvent,
  ConversationsEvent,
  type AccountPlanChanged,
  type AppointmentBooked,
  type OrderPaidData,
} from '@parley/contracts';
import { WEBHOOK_EVENT_TYPES } from '@parley/contracts/validation';
import type { EventStore } from '@parley/eventstore';
import { callUnary, createClient, loadService } from '@parley/grpc';
import { eventually } from '@parley/testing';
import { isPrivateHost } from '../src/app/webhooks/private-address';
import { verifySignature } from '../src/domain/webhooks/signature';
import {
  appendEvent as append,
  createWorld,
  registerOwner,
  startForTest,
  testConfig,
  type Caller,
  type RunningNotifications,
  type TestWorld,
} from './harness';

jest.setTimeout(90_000);

const now = () => new Date().toISOString();

/** A receiver of webhooks: every request with its body and headers, answered 200. */
interface Receiver {
  received: Array<{ body: string; headers: IncomingMessage['headers'] }>;
  stop(): Promise<void>;
}

function receiveOn(port: number): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ body, headers: req.headers });
      res.writeHead(200).end('ok');
    });
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({ received, stop: () => new Promise((r) => server.close(() => r())) }),
    ),
  );
}

/** A port nobody listens on (yet): the endpoint is down until a receiver takes it. */
async function downPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

describe('outgoing webhooks', () => {
  let world: TestWorld;
  let service: RunningNotifications;
  let identity: EventStore;
  let conversations: EventStore;
  let billing: EventStore;
  const started: RunningNotifications[] = [];

  const config = (windowMs = 86_400_000) =>
    testConfig(world, {
      webhooks: {
        retry: { baseMs: 100, maxMs: 400, windowMs },
        pollIntervalMs: 100,
        timeoutMs: 2000,
        allowPrivateUrls: true,
      },
    });

  async function start(windowMs?: number): Promise<RunningNotifications> {
    const s = await startForTest(config(windowMs));
    started.push(s);
    return s;
  }

  function webhooks(s: RunningNotifications) {
    const client = createClient(
      loadService('notifications/v1/webhooks.proto', 'parley.notifications.v1.Webhooks'),
      `127.0.0.1:${s.grpcPort}`,
    );
    return {
      call: async <T>(method: string, caller: Caller, r: { id?: string; input?: unknown } = {}) => {
        const reply = await callUnary<object, { json: string }>(
          client,
          method,
          {
            caller,
            id: r.id ?? '',
            inputJson: r.input === undefined ? '' : JSON.stringify(r.input),
            queryJson: '',
          },
          { deadlineMs: 15_000 },
        );
        return JSON.parse(reply.json) as T;
      },
      close: () => client.close(),
    };
  }

  async function proOwner(): Promise<Caller> {
    const { userId } = await registerOwner(identity, 'hooks');
    const plan: AccountPlanChanged = {
      accountId: userId,
      plan: 'PRO',
      selectedPlan: 'PRO',
      limits: { maxDomains: 5, credits: 1000, contacts: 10000, emailsPerMonth: 100 },
      changedAt: now(),
    };
    await append(billing, 'account', userId, BillingEvent.AccountPlanChanged, plan);
    return { userId, accountId: userId, role: 'OWNER' };
  }

  interface Endpoint {
    id: string;
    secret: string;
  }
  const createEndpoint = (api: ReturnType<typeof webhooks>, caller: Caller, port: number) =>
    eventually(
      async () =>
        (
          await api.call<{ data: Endpoint }>('CreateEndpoint', caller, {
            input: { url: `http://127.0.0.1:${port}/hooks`, eventTypes: [...WEBHOOK_EVENT_TYPES] },
          })
        ).data,
    );

  /** Every kind of event for the account, as conversations and billing record them; their event ids. */
  async function everyEvent(caller: Caller): Promise<string[]> {
    const domainId = randomUUID();
    const roomId = randomUUID();
    const customerId = randomUUID();
    const audience = { accountId: caller.accountId, domainId, customerId, sharedWith: [] };
    const ids: string[] = [];
    const add = async (context: EventStore, aggregate: string, id: string, type: string, data: object) => {
      const appended = await append(context, aggregate, id, type, data);
      ids.push(appended.events[0]!.eventId);
    };
    await add(conversations, 'room', roomId, ConversationsEvent.RoomOpened, {
      roomId,
      audience,
      openedAt: now(),
    });
    const message = (content: string, isNote = false) => ({
      roomId,
      audience,
      messageId: randomUUID(),
      role: 'user',
      author: 'visitor',
      content,
      isNote,
      productIds: [],
      postedAt: now(),
    });
    await add(
      conversations,
      'room',
      roomId,
      ConversationsEvent.MessagePosted,
      message('Do you ship to Norway?'),
    );
    await add(conversations, 'room', roomId, ConversationsEvent.LiveModeChanged, {
      roomId,
      audience,
      live: true,
      changedBy: 'assistant',
      reason: 'asked for a person',
      changedAt: now(),
    });
    const booking: AppointmentBooked = {
      bookingId: randomUUID(),
      customerId,
      accountId: caller.accountId,
      domainId,
      appointmentTypeId: randomUUID(),
      appointmentName: 'Fitting',
      date: '2030-05-01',
      slot: '10:00',
      email: 'ingrid@example.com',
      name: 'Ingrid',
      bookedAt: now(),
    };
    await add(conversations, 'slot', randomUUID(), ConversationsEvent.AppointmentBooked, booking);
    await add(conversations, 'customer', customerId, ConversationsEvent.CustomerEmailSet, {
      customerId,
      accountId: caller.accountId,
      domainId,
      email: 'ingrid@example.com',
      setAt: now(),
    });
    const order: OrderPaidData = {
      accountId: caller.accountId,
      orderId: `pi_${randomUUID()}`,
      domainId,
      customerId,
      roomId,
      productId: randomUUID(),
      productName: 'Mug',
      description: 'Mug × 1',
      quantity: 1,
      amountCents: 2450,
      currency: 'usd',
      customerName: 'Ingrid',
      customerEmail: 'ingrid@example.com',
      paidAt: now(),
    };
    await add(billing, 'account', caller.accountId, BillingEvent.OrderPaid, order);
    // Not for webhooks: an internal note, a room seen.
    await append(conversations, 'room', roomId, ConversationsEvent.MessagePosted, message('note', true));
    await append(conversations, 'room', roomId, ConversationsEvent.RoomSeen, {
      roomId,
      audience,
      by: 'team',
      upToMessageId: randomUUID(),
      seenAt: now(),
    });
    return ids;
  }

  beforeAll(async () => {
    world = await createWorld();
    identity = world.store('identity');
    conversations = world.store('conversations');
    billing = world.store('billing');
  }, 60_000);

  afterAll(async () => {
    for (const s of started) await s.stop().catch(() => undefined);
    await world?.dispose();
  });

  it('delivers every event, signed, exactly once each, to an endpoint that was down across a restart', async () => {
    service = await start();
    let api = webhooks(service);
    const owner = await proOwner();
    const other = await proOwner();
    const port = await downPort();
    const endpoint = await createEndpoint(api, owner, port);
    // Another account's endpoint on another port: none of the owner's events may go there.
    const otherPort = await downPort();
    await createEndpoint(api, other, otherPort);

    const before = await everyEvent(owner);
    // Tried and failed while the endpoint is down.
    await eventually(async () => {
      const log = await api.call<{ data: Array<{ attempts: number; status: string; lastError: string }> }>(
        'ListDeliveries',
        owner,
        { id: endpoint.id },
      );
      expect(log.data).toHaveLength(before.length);
      expect(log.data.every((d) => d.status === 'pending' && d.attempts >= 2)).toBe(true);
    }, 20_000);

    // The service restarts while more happens: the durable consumers pick up where they stopped.
    api.close();
    await service.stop();
    const during = await everyEvent(owner);
    service = await start();
    api = webhooks(service);
    const after = await everyEvent(owner);
    const expected = [...before, ...during, ...after];

    const receiver = await receiveOn(port);
    const otherReceiver = await receiveOn(otherPort);
    try {
      await eventually(
        async () => expect(receiver.received.length).toBeGreaterThanOrEqual(expected.length),
        30_000,
      );
      // Retries that were already due have landed; nothing more comes.
      await new Promise((r) => setTimeout(r, 1500));
      const ids = receiver.received.map((r) => String(r.headers['parley-event-id']));
      expect(ids.sort()).toEqual([...expected].sort());
      const nowSeconds = Math.floor(Date.now() / 1000);
      for (const r of receiver.received) {
        expect(
          verifySignature(endpoint.secret, r.body, String(r.headers['parley-signature']), nowSeconds),
        ).toBe(true);
        const body = JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown> };
        expect(body.id).toBe(r.headers['parley-event-id']);
        expect(body.type).toBe(r.headers['parley-event-type']);
      }
      const types = receiver.received.map((r) => JSON.parse(r.body).type as string);
      for (const type of WEBHOOK_EVENT_TYPES) expect(types.filter((t) => t === type)).toHaveLength(3);
      expect(otherReceiver.received).toHaveLength(0);

      const log = await api.call<{ data: Array<{ id: string; status: string }> }>('ListDeliveries', owner, {
        id: endpoint.id,
      });
      expect(log.data.every((d) => d.status === 'delivered')).toBe(true);

      // Resend: the same event once more, on the owner's word.
      await api.call('ResendDelivery', owner, { id: endpoint.id, input: { deliveryId: log.data[0]!.id } });
      await eventually(async () => expect(receiver.received).toHaveLength(expected.length + 1));
      // Another account cannot see or resend this endpoint's deliveries.
      await expect(api.call('ListDeliveries', other, { id: endpoint.id })).rejects.toMatchObject({
        kind: 'not_found',
      });
    } finally {
      api.close();
      await receiver.stop();
      await otherReceiver.stop();
    }
  });

  it('disables an endpoint that fails for the whole window and tells the owner', async () => {
    const short = await start(1500);
    const api = webhooks(short);
    try {
      const owner = await proOwner();
      const endpoint = await createEndpoint(api, owner, await downPort());
      await everyEvent(owner);
      await eventually(async () => {
        const list = await api.call<{ data: Array<{ id: string; enabled: boolean }> }>(
          'ListEndpoints',
          owner,
        );
        expect(list.data.find((e) => e.id === endpoint.id)?.enabled).toBe(false);
      }, 20_000);
      await eventually(async () => {
        const { notifications } = await short.list(owner);
        expect(notifications.map((n) => n.type)).toContain('WEBHOOK_DISABLED');
      });
    } finally {
      api.close();
    }
  });

  it('refuses STANDARD accounts and addresses that are not http(s)', async () => {
    const api = webhooks(service);
    try {
      const { userId } = await registerOwner(identity, 'standard');
      const caller = { userId, accountId: userId, role: 'OWNER' };
      await expect(
        api.call('CreateEndpoint', caller, {
          input: { url: 'https://crm.example.com/hooks', eventTypes: ['message.created'] },
        }),
      ).rejects.toMatchObject({ kind: 'forbidden', code: 'PLAN_REQUIRED' });
      await expect(
        api.call('CreateEndpoint', caller, { input: { url: 'ftp://x', eventTypes: ['message.created'] } }),
      ).rejects.toMatchObject({ kind: 'validation' });
    } finally {
      api.close();
    }
  });

  it('sends nothing to a name that resolves to this machine when private addresses are not allowed', async () => {
    // Only this test's deliverer may send: the others allow private addresses.
    for (const s of started.splice(0)) await s.stop();
    const strict = await startForTest(
      testConfig(world, {
        webhooks: {
          retry: { baseMs: 100, maxMs: 400, windowMs: 86_400_000 },
          pollIntervalMs: 100,
          timeoutMs: 2000,
          allowPrivateUrls: false,
        },
      }),
    );
    started.push(strict);
    const api = webhooks(strict);
    const port = await downPort();
    const receiver = await receiveOn(port);
    try {
      const owner = await proOwner();
      // Refused when saved, by name ("localhost." too) or address.
      for (const url of [
        `http://localhost:${port}/hooks`,
        `http://localhost.:${port}/hooks`,
        `http://[::ffff:7f00:1]:${port}/x`,
      ])
        await expect(
          api.call('CreateEndpoint', owner, { input: { url, eventTypes: ['message.created'] } }),
        ).rejects.toMatchObject({ kind: 'validation' });
      // Saved when they were allowed, or a public name pointed at this machine since: refused when
      // sent. The machine's own name stands for such a name (it resolves to this machine).
      const name = hostname();
      const resolved = await lookup(name);
      expect([name, isPrivateHost(`http://${resolved.address}/`)]).toEqual([name, true]);
      expect(isPrivateHost(`http://${name}/`)).toBe(false);
      const endpoints = [`http://${name}:${port}/hooks`, `http://127.0.0.1:${port}/hooks`].map((url) => ({
        id: randomUUID(),
        url,
      }));
      for (const e of endpoints)
        await world.db.pool.query(
          `INSERT INTO webhook_endpoints (id, account_id, url, secret, event_types, created_at)
           VALUES ($1, $2, $3, 'whsec_test', $4, now())`,
          [e.id, owner.accountId, e.url, [...WEBHOOK_EVENT_TYPES]],
        );
      await everyEvent(owner);
      await eventually(async () => {
        const { rows } = await world.db.pool.query<{ url: string; attempts: number; last_error: string }>(
          `SELECT e.url, d.attempts, d.last_error FROM webhook_deliveries d
           JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE e.account_id = $1`,
          [owner.accountId],
        );
        expect(rows.length).toBeGreaterThanOrEqual(2 * 6);
        for (const row of rows) {
          expect(row.attempts).toBeGreaterThanOrEqual(1);
          expect(row.last_error).toBe(
            row.url.includes(name)
              ? `fetch failed: ${name} resolves to a private network address (${resolved.address})`
              : 'the address is on this machine or a private network',
          );
        }
      }, 20_000);
      expect(receiver.received).toEqual([]);
    } finally {
      api.close();
      await receiver.stop();
    }
  });
});
