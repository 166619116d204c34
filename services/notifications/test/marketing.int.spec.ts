import { randomUUID } from 'node:crypto';
import {
  BillingEvent,
  ConversationsEvent,
  DomainsEvent,
  type AccountPlanChanged,
  type AppointmentBooked,
  type DomainAdded,
  type OrderPaidData,
} from '@parley/contracts';
import type { EventStore } from '@parley/eventstore';
import { callUnary, createClient, loadService } from '@parley/grpc';
import { eventually } from '@parley/testing';
import {
  appendEvent as append,
  createWorld,
  domainKnown,
  registerOwner,
  startForTest,
  testConfig,
  type RunningNotifications,
  type TestWorld,
} from './harness';

jest.setTimeout(90_000);

const APP_URL = 'https://app.parley.example';
const now = () => new Date().toISOString();

interface Owner {
  caller: { userId: string; accountId: string; role: string };
  email: string;
  domainId: string;
}

/**
 * Email marketing (issue 14 item 1) against the running service: contacts from conversations'
 * and billing's events, campaigns over gRPC through the outbox to the mail catcher, the month's
 * emails spent once under concurrent sends, unsubscribes, scheduled sends, tenants apart.
 */
describe('email marketing', () => {
  let world: TestWorld;
  let service: RunningNotifications;
  let identity: EventStore;
  let domains: EventStore;
  let conversations: EventStore;
  let billing: EventStore;
  let marketing: ReturnType<typeof createClient>;

  const call = async <T>(
    method: string,
    owner: Owner,
    request: { id?: string; input?: unknown; query?: unknown },
  ) => {
    const reply = await callUnary<object, { json: string }>(
      marketing,
      method,
      {
        caller: owner.caller,
        id: request.id ?? '',
        inputJson: request.input === undefined ? '' : JSON.stringify(request.input),
        queryJson: request.query === undefined ? '' : JSON.stringify(request.query),
      },
      { deadlineMs: 15_000 },
    );
    return JSON.parse(reply.json) as T;
  };

  async function owner(label: string): Promise<Owner> {
    const { userId, email } = await registerOwner(identity, label);
    const added: DomainAdded = {
      domainId: randomUUID(),
      accountId: userId,
      addedBy: userId,
      domain: `${label}-shop.example.com`,
      addedAt: now(),
    };
    await append(domains, 'domain', added.domainId, DomainsEvent.DomainAdded, added);
    await domainKnown(world, added.domainId);
    return { caller: { userId, accountId: userId, role: 'OWNER' }, email, domainId: added.domainId };
  }

  /** A visitor who gave their address, as conversations records it. */
  async function visitor(o: Owner, email: string, answers: { questionId: string; answer: string }[] = []) {
    const customerId = randomUUID();
    const facts = { customerId, accountId: o.caller.accountId, domainId: o.domainId };
    await append(conversations, 'customer', customerId, ConversationsEvent.CustomerRegistered, {
      ...facts,
      roomId: randomUUID(),
      registeredAt: now(),
    });
    await append(conversations, 'customer', customerId, ConversationsEvent.CustomerEmailSet, {
      ...facts,
      email,
      setAt: now(),
    });
    if (answers.length)
      await append(conversations, 'customer', customerId, ConversationsEvent.CustomerAnswersSaved, {
        ...facts,
        answers: answers.map((a) => ({ ...a, question: `Question ${a.questionId}?`, answeredAt: now() })),
        savedAt: now(),
      });
  }

  const contacts = (o: Owner, query: object = {}) =>
    call<{
      total: number;
      data: { email: string; name: string; bookings: number; orders: number; answers: unknown[] }[];
      limits: { heldBack: number; message: string | null };
    }>('ListContacts', o, { query });

  const campaign = (o: Owner, subject: string, audience: object = {}) =>
    call<{ id: string }>('SaveCampaign', o, {
      input: {
        domainId: o.domainId,
        subject,
        body: '<p>Hello <strong>there</strong></p><script>x()</script>',
        audience,
      },
    });

  beforeAll(async () => {
    world = await createWorld();
    identity = world.store('identity');
    domains = world.store('domains');
    conversations = world.store('conversations');
    billing = world.store('billing');
    service = await startForTest(testConfig(world, { publicAppUrl: APP_URL }), { announcePollMs: 500 });
    marketing = createClient(
      loadService('notifications/v1/marketing.proto', 'parley.notifications.v1.Marketing'),
      `127.0.0.1:${service.grpcPort}`,
    );
  });

  afterAll(async () => {
    marketing?.close();
    await service?.stop();
    await world?.dispose();
  });

  it('makes contacts of addresses, bookings and orders; filters by answers; another account sees none', async () => {
    const o = await owner('potter');
    const other = await owner('baker');
    await visitor(o, 'Ann@Example.com', [{ questionId: 'q-size', answer: 'Large mugs' }]);
    await visitor(o, 'bob@example.com', [{ questionId: 'q-size', answer: 'Small' }]);
    const booking: AppointmentBooked = {
      bookingId: randomUUID(),
      customerId: randomUUID(),
      accountId: o.caller.accountId,
      domainId: o.domainId,
      appointmentTypeId: '',
      appointmentName: 'Discovery Call',
      date: '2030-01-05',
      slot: '10:00am',
      email: 'ann@example.com',
      name: 'Ann Archer',
      bookedAt: now(),
      roomId: null,
    };
    await append(conversations, 'slot', randomUUID(), ConversationsEvent.AppointmentBooked, booking);
    const order: OrderPaidData = {
      accountId: o.caller.accountId,
      orderId: `pi_${randomUUID()}`,
      domainId: o.domainId,
      customerId: randomUUID(),
      roomId: null,
      productId: 'p1',
      productName: 'Mug',
      description: 'Mug × 1',
      quantity: 1,
      amountCents: 1200,
      currency: 'usd',
      customerName: 'Cy Buyer',
      customerEmail: 'cy@example.com',
      paidAt: now(),
    };
    await append(billing, 'account', o.caller.accountId, BillingEvent.OrderPaid, order);

    await eventually(async () => expect((await contacts(o)).total).toBe(3));
    const all = await contacts(o);
    const ann = all.data.find((c) => c.email === 'ann@example.com')!;
    expect(ann).toMatchObject({ name: 'Ann Archer', bookings: 1, orders: 0 });
    expect(ann.answers).toEqual([
      { questionId: 'q-size', question: 'Question q-size?', answer: 'Large mugs' },
    ]);
    expect(all.data.find((c) => c.email === 'cy@example.com')).toMatchObject({ name: 'Cy Buyer', orders: 1 });
    expect((await contacts(o, { questionId: 'q-size', answer: 'large' })).data.map((c) => c.email)).toEqual([
      'ann@example.com',
    ]);
    expect((await contacts(o, { booked: 'no' })).total).toBe(2);
    expect((await contacts(o, { query: 'BOB' })).data.map((c) => c.email)).toEqual(['bob@example.com']);
    expect((await contacts(other)).total).toBe(0);
    // Another account's campaign is not found, like a missing one.
    const mine = await campaign(o, 'Mine');
    await expect(call('GetCampaign', other, { id: mine.id })).rejects.toMatchObject({ kind: 'not_found' });
    // Nor can it be changed or deleted through the other account, even with a domain of its own.
    const otherInput = { domainId: other.domainId, subject: 'Taken', body: '<p>x</p>' };
    await expect(call('SaveCampaign', other, { id: mine.id, input: otherInput })).rejects.toMatchObject({
      kind: 'not_found',
    });
    await expect(call('DeleteCampaign', other, { id: mine.id })).rejects.toMatchObject({ kind: 'not_found' });
    await expect(call('SendCampaign', other, { id: mine.id, input: { sendAt: null } })).rejects.toMatchObject(
      { kind: 'not_found' },
    );
    expect(await call<{ subject: string }>('GetCampaign', o, { id: mine.id })).toMatchObject({
      subject: 'Mine',
    });
    await expect(
      call('SaveCampaign', other, { input: { domainId: o.domainId, subject: 'x', body: '<p>x</p>' } }),
    ).rejects.toMatchObject({ kind: 'validation' });
  });

  it('keeps the plan’s contacts, holds back the rest with a message', async () => {
    const o = await owner('small');
    const plan: AccountPlanChanged = {
      accountId: o.caller.accountId,
      plan: 'STANDARD',
      selectedPlan: 'STANDARD',
      limits: { maxDomains: 1, credits: 100, contacts: 2, emailsPerMonth: 10 },
      changedAt: now(),
    };
    await append(billing, 'account', o.caller.accountId, BillingEvent.AccountPlanChanged, plan);
    for (const e of ['a@example.com', 'b@example.com', 'c@example.com']) await visitor(o, e);
    await eventually(async () => expect((await contacts(o)).limits.heldBack).toBe(1));
    const page = await contacts(o);
    expect(page.data.map((c) => c.email).sort()).toEqual(['a@example.com', 'b@example.com']);
    expect(page.limits.message).toBe(
      'Your Standard plan keeps 2 contacts. 1 newer contact is held back: not listed and not emailed until you upgrade to Pro.',
    );
  });

  it('spends the month’s emails once under concurrent sends; each recipient gets one mail with a working unsubscribe', async () => {
    const o = await owner('busy');
    const emails = Array.from({ length: 6 }, (_, i) => `reader${i}-${o.domainId.slice(0, 6)}@example.com`);
    for (const e of emails) await visitor(o, e);
    await eventually(async () => expect((await contacts(o)).total).toBe(6));
    const first = await campaign(o, 'First');
    const second = await campaign(o, 'Second');
    const outcomes = await Promise.allSettled([
      call('SendCampaign', o, { id: first.id, input: { sendAt: null } }),
      call('SendCampaign', o, { id: second.id, input: { sendAt: null } }),
    ]);
    // 6 + 6 > 10: exactly one goes.
    expect(outcomes.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({
      code: 'EMAIL_LIMIT',
      message:
        'Your Standard plan allows 10 emails a month and 4 are left this month; this campaign has 6 recipients. Narrow the recipients or upgrade to Pro.',
    });
    for (const e of emails) await world.mailsTo(e, 1);
    const [mail] = await world.inbox(emails[0]!);
    expect(mail!.html).toContain('<strong');
    expect(mail!.html).not.toContain('<script');
    expect(mail!.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    const token = decodeURIComponent(/token=([^>\s]+)/.exec(mail!.listUnsubscribe ?? '')![1]!);

    const unsubscribe = (t: string) =>
      callUnary<object, { outcome: string }>(marketing, 'Unsubscribe', { token: t }, { deadlineMs: 15_000 });
    expect(await unsubscribe(token)).toEqual({ outcome: 'unsubscribed' });
    expect(await unsubscribe(token)).toEqual({ outcome: 'unsubscribed' });
    expect(await unsubscribe(`${token.slice(0, -2)}xx`)).toEqual({ outcome: 'invalid' });
    const sentId = outcomes[0]!.status === 'fulfilled' ? first.id : second.id;
    await eventually(async () => {
      const view = await call<{ status: string; stats: { sent: number; unsubscribed: number } }>(
        'GetCampaign',
        o,
        { id: sentId },
      );
      expect(view).toMatchObject({ status: 'sent', stats: { sent: 6, unsubscribed: 1 } });
    });

    // The next campaign leaves the unsubscribed address out: 5 recipients, 4 left.
    const third = await campaign(o, 'Third');
    await expect(call('SendCampaign', o, { id: third.id, input: { sendAt: null } })).rejects.toMatchObject({
      message: expect.stringContaining('4 are left this month; this campaign has 5 recipients'),
    });
    // Nothing more arrived, and a restart (redelivery) sends nothing again.
    await service.stop();
    service = await startForTest(testConfig(world, { publicAppUrl: APP_URL }), { announcePollMs: 500 });
    marketing.close();
    marketing = createClient(
      loadService('notifications/v1/marketing.proto', 'parley.notifications.v1.Marketing'),
      `127.0.0.1:${service.grpcPort}`,
    );
    await new Promise((r) => setTimeout(r, 1500));
    for (const e of emails) expect(await world.inbox(e)).toHaveLength(1);
  });

  it('sends a scheduled campaign at its time, to the contacts there are then', async () => {
    const o = await owner('later');
    await visitor(o, `early-${o.domainId.slice(0, 6)}@example.com`);
    await eventually(async () => expect((await contacts(o)).total).toBe(1));
    const c = await campaign(o, 'Scheduled');
    await expect(
      call('SendCampaign', o, { id: c.id, input: { sendAt: '2020-01-01T00:00:00Z' } }),
    ).rejects.toMatchObject({ kind: 'validation', message: 'Choose a time in the future' });
    const sendAt = new Date(Date.now() + 2500).toISOString();
    const scheduled = await call<{ status: string }>('SendCampaign', o, { id: c.id, input: { sendAt } });
    expect(scheduled.status).toBe('scheduled');
    const late = `late-${o.domainId.slice(0, 6)}@example.com`;
    await visitor(o, late);
    await world.mailsTo(late, 1);
    const view = await call<{ status: string; recipients: number; releasedAt: string }>('GetCampaign', o, {
      id: c.id,
    });
    expect(view.recipients).toBe(2);
    expect(Date.parse(view.releasedAt)).toBeGreaterThanOrEqual(Date.parse(sendAt));
  });

  it('an agent may not use it', async () => {
    const o = await owner('team');
    const agent = { ...o, caller: { ...o.caller, userId: randomUUID(), role: 'AGENT' } };
    await expect(call('ListContacts', agent, {})).rejects.toMatchObject({ kind: 'forbidden' });
  });
});
