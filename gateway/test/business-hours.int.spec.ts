import { BUSINESS_HOURS_DEFAULTS } from '@parley/contracts';
import { addDomain } from './support/content';
import { eventually, startConversationsWorld, type ConversationsWorld } from './support/conversations';
import { registerOwner, type Registered } from './support/flows';
import type { GatewayClient } from './support/http-client';
import { startTestNotifications, type TestNotifications } from './support/notifications';
import { FRONTEND, type TestGateway } from './support/stack';

interface Owner {
  client: GatewayClient;
  registered: Registered;
  domainId: string;
  domain: string;
}

let world: ConversationsWorld;
let notifications: TestNotifications;
let gateway: TestGateway;

/**
 * Issue 17 behind the gateway: real identity, domains, content, conversations and notifications
 * (with its mail catcher) on one namespace. The assistant's side (a person asked for outside hours
 * becomes the offline form) is its policy's, unit-tested; here the owner's settings, the widget's
 * profile and the offline form's way to the owner's list and mailbox.
 */
beforeAll(async () => {
  world = await startConversationsWorld();
  notifications = await startTestNotifications(FRONTEND, world.stack.namespace);
  gateway = await world.stack.startGateway({
    DOMAINS_GRPC_URL: world.domains.grpcUrl,
    CONTENT_GRPC_URL: world.content.grpcUrl,
    CONVERSATIONS_GRPC_URL: world.conversations.grpcUrl,
    NOTIFICATIONS_GRPC_URL: notifications.address,
    EVENT_NAMESPACE: world.stack.namespace,
  });
}, 180_000);

afterAll(async () => {
  await world?.dispose();
  await notifications?.dispose();
});

async function ownerWithDomain(): Promise<Owner> {
  const client = world.stack.client({ gateway, origin: FRONTEND });
  const registered = await registerOwner(world.stack, client);
  const domainId = await addDomain(client, world.content);
  await world.conversations.knowsDomain(domainId);
  const listed = await client.get<{ data: Array<{ id: string; domain: string }> }>('/api/domains');
  const domain = listed.body.data.find((d) => d.id === domainId)!.domain;
  return { client, registered, domainId, domain };
}

const allWeek = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
    d,
    [{ from: '00:00', to: '24:00' }],
  ]),
);
const utcDate = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** Open every hour of the week, except that yesterday, today and tomorrow are holidays: closed now. */
const closedNow = {
  enabled: true,
  timeZone: 'UTC',
  weekly: allWeek,
  holidays: [utcDate(1), utcDate(-1), utcDate(0)],
  offlineMessage: 'We are closed for the holidays. Leave a message!',
};

const put = (client: GatewayClient, path: string, json: unknown) => client.request('PUT', path, { json });

const profileOf = async (domainId: string) => {
  const visitor = world.stack.client({ gateway, origin: gateway.url });
  const res = await visitor.get(`/api/widget/domains/${domainId}`);
  expect(res.status).toBe(200);
  return res.body.data.businessHours as { enabled: boolean; open: boolean; offlineMessage: string };
};

async function visitor(domainId: string) {
  const client = world.stack.client({ gateway, origin: gateway.url });
  const session = await client.post('/api/widget/session', { domainId });
  expect(session.status).toBe(200);
  client.bearer = session.body.data.token;
  return client;
}

describe('business hours', () => {
  it('are off until saved (always in hours), are saved whole and validated with clear messages, per account', async () => {
    const [ann, bea] = await Promise.all([ownerWithDomain(), ownerWithDomain()]);
    const path = `/api/domains/${ann.domainId}/business-hours`;

    const initial = await ann.client.get(path);
    expect(initial.status).toBe(200);
    expect(initial.body.data).toEqual(BUSINESS_HOURS_DEFAULTS);
    expect(await profileOf(ann.domainId)).toEqual({
      enabled: false,
      open: true,
      offlineMessage: BUSINESS_HOURS_DEFAULTS.offlineMessage,
    });

    const badZone = await put(ann.client, path, { ...closedNow, timeZone: 'Mars/Olympus' });
    expect(badZone.status).toBe(400);
    expect(badZone.body.error).toMatchObject({
      code: 'VALIDATION',
      message: 'Choose a time zone from the list (for example Europe/Berlin)',
    });
    const overlap = await put(ann.client, path, {
      ...closedNow,
      weekly: {
        monday: [
          { from: '09:00', to: '12:00' },
          { from: '11:00', to: '13:00' },
        ],
      },
    });
    expect(overlap.status).toBe(400);
    expect(overlap.body.error.fields).toEqual([
      { field: 'weekly.monday', message: 'Two opening intervals of the same day overlap' },
    ]);
    const notJson = await ann.client.request('PUT', path, { rawBody: 'nope' });
    expect(notJson.status).toBe(400);

    const saved = await put(ann.client, path, {
      ...closedNow,
      weekly: {
        friday: [{ from: '22:00', to: '02:00' }],
        monday: [
          { from: '13:00', to: '17:00' },
          { from: '08:00', to: '12:00' },
        ],
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.weekly.monday).toEqual([
      { from: '08:00', to: '12:00' },
      { from: '13:00', to: '17:00' },
    ]);
    expect(saved.body.data.weekly.sunday).toEqual([]);
    expect((await ann.client.get(path)).body.data).toEqual(saved.body.data);

    // Another account's domain is not found, for reading and for writing; nothing changed.
    expect((await bea.client.get(path)).status).toBe(404);
    const foreign = await put(bea.client, path, { ...closedNow, enabled: false });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('DOMAIN_NOT_FOUND');
    expect((await ann.client.get(path)).body.data.enabled).toBe(true);
    // A visitor's token opens nothing here.
    expect((await (await visitor(ann.domainId)).get(path)).status).toBe(401);
  });

  it('outside hours: the widget shows the note; the offline form lands unread in the owner’s list with its email and mails the owner once', async () => {
    const ann = await ownerWithDomain();
    const path = `/api/domains/${ann.domainId}/business-hours`;
    expect((await put(ann.client, path, closedNow)).status).toBe(200);
    expect(await profileOf(ann.domainId)).toEqual({
      enabled: true,
      open: false,
      offlineMessage: closedNow.offlineMessage,
    });

    const guest = await visitor(ann.domainId);
    const invalid = await guest.post('/api/widget/offline-message', { email: 'nope', message: 'hi' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toBe('Incorrect email format');
    const empty = await guest.post('/api/widget/offline-message', {
      email: 'guest@example.com',
      message: '  ',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Empty message');

    const left = await guest.post('/api/widget/offline-message', {
      email: 'guest@example.com',
      message: 'Do you ship to Norway? Please write back.',
      clientId: 'offline-1',
    });
    expect(left.status).toBe(201);
    expect(left.body.data.session).toMatchObject({ email: 'guest@example.com', token: expect.any(String) });
    expect(left.body.data.message).toMatchObject({
      role: 'user',
      content: 'Do you ship to Norway? Please write back.',
      offline: true,
    });
    const roomId = left.body.data.roomId as string;
    // The same form again (a retry) posts nothing twice.
    const retried = await guest.post('/api/widget/offline-message', {
      email: 'guest@example.com',
      message: 'Do you ship to Norway? Please write back.',
      clientId: 'offline-1',
    });
    expect(retried.status).toBe(201);
    expect(retried.body.data.message.id).toBe(left.body.data.message.id);

    await eventually(async () => {
      const unread = await ann.client.get('/api/conversations?filter=unread');
      expect(unread.status).toBe(200);
      const row = (unread.body.data as Array<{ id: string; customerEmail: string | null }>).find(
        (r) => r.id === roomId,
      );
      expect(row).toMatchObject({ customerEmail: 'guest@example.com' });
    }, 20_000);
    const messages = await ann.client.get(`/api/conversations/${roomId}/messages?include_bot=true`);
    expect(messages.status).toBe(200);
    expect(messages.body.messages).toEqual([
      expect.objectContaining({
        message: 'Do you ship to Norway? Please write back.',
        offline: true,
        seen: false,
      }),
    ]);

    await eventually(
      async () => expect(await notifications.inbox(ann.registered.email)).toHaveLength(1),
      20_000,
    );
    const [mail] = await notifications.inbox(ann.registered.email);
    expect(mail!.subject).toBe(`A visitor left a message on ${ann.domain}`);
    expect(mail!.text).toContain('From: guest@example.com');
    expect(mail!.text).toContain('Do you ship to Norway? Please write back.');
    expect(mail!.text).toContain(`${FRONTEND}/dashboard/conversation?room=${roomId}`);

    // A second form in the same conversation is one more unread message, not a second mail.
    const again = await (async () => {
      guest.bearer = left.body.data.session.token;
      return guest.post('/api/widget/offline-message', {
        email: 'guest@example.com',
        message: 'Also: gift wrap?',
      });
    })();
    expect(again.status).toBe(201);
    expect(again.body.data.roomId).toBe(roomId);
    await eventually(async () => {
      const m = await ann.client.get(`/api/conversations/${roomId}/messages`);
      expect(m.body.messages).toHaveLength(2);
    }, 20_000);
    // A later room's mail arriving proves the second form's event was handled (and mailed nobody).
    const other = await visitor(ann.domainId);
    const otherLeft = await other.post('/api/widget/offline-message', {
      email: 'other@example.com',
      message: 'Hello?',
    });
    expect(otherLeft.status).toBe(201);
    await eventually(
      async () => expect(await notifications.inbox(ann.registered.email)).toHaveLength(2),
      20_000,
    );
    const subjects = (await notifications.inbox(ann.registered.email)).map((m) => m.text);
    expect(subjects.filter((t) => t.includes('gift wrap'))).toHaveLength(0);

    // In hours again: the widget says so.
    expect((await put(ann.client, path, { ...closedNow, holidays: [] })).status).toBe(200);
    expect((await profileOf(ann.domainId)).open).toBe(true);
  });
});
