import { randomUUID } from 'node:crypto';
import { DomainsEvent, realtimeUsersSubject, type DomainAdded, type DomainDeleted } from '@parley/contracts';
import type { EventStore } from '@parley/eventstore';
import { resetProjection } from '@parley/projections';
import { eventually } from '@parley/testing';
import type { Subscription } from 'nats';
import {
  appendEvent,
  createWorld,
  startForTest,
  testConfig,
  type Caller,
  type RunningNotifications,
  type TestWorld,
  type Notification__Output,
} from './harness';

const DAY = 24 * 60 * 60 * 1000;

/**
 * In-app notifications through the service's own gRPC API, created from DomainAdded events this
 * test appends to the DOMAINS stream of its own namespace, as the domains service would. The
 * service's clock is moved to cross the retention periods.
 */
describe('in-app notifications (notifications service)', () => {
  let world: TestWorld;
  let service: RunningNotifications;
  let domains: EventStore;
  let announcements: Subscription;
  const announced: Array<{ subject: string; notification: Notification__Output }> = [];
  let offsetMs = 0;

  const clock = () => new Date(Date.now() + offsetMs);
  const start = () => startForTest(testConfig(world), { clock, announcePollMs: 500 });
  const call = <Res>(method: string, request: unknown) => service.call<Res>(method, request);
  const list = (caller: Caller) => service.list(caller);
  const markRead = async (caller: Caller, id: string) =>
    (await call<{ notification: Notification__Output }>('MarkNotificationRead', { caller, id })).notification;
  const markAll = async (caller: Caller) =>
    (await call<{ updated: number }>('MarkAllNotificationsRead', { caller })).updated;
  const cleanup = async (caller: Caller) =>
    (await call<{ removed: number }>('CleanupNotifications', { caller })).removed;

  const owner = (): Caller => ({ userId: randomUUID(), accountId: randomUUID(), role: 'OWNER' });

  /** Appends DomainAdded as the domains service does: one new aggregate per domain. */
  const addDomain = async (who: Caller, domain: string, addedAt = clock()) => {
    const data: DomainAdded = {
      domainId: randomUUID(),
      accountId: who.accountId,
      addedBy: who.userId,
      domain,
      addedAt: addedAt.toISOString(),
    };
    await domains.append(
      domains.subject('domain', data.domainId),
      [{ type: DomainsEvent.DomainAdded, data }],
      {
        expectedVersion: 0,
        commandId: randomUUID(),
      },
    );
    return data;
  };

  const notificationsOf = (who: Caller, count: number) =>
    eventually(async () => {
      const answer = await list(who);
      expect(answer.notifications).toHaveLength(count);
      return answer;
    });

  beforeAll(async () => {
    world = await createWorld();
    domains = world.store('domains');
    announcements = world.nc.subscribe(realtimeUsersSubject(world.namespace));
    void (async () => {
      for await (const m of announcements) {
        announced.push({ subject: m.subject, notification: JSON.parse(new TextDecoder().decode(m.data)) });
      }
    })();
    service = await start();
  });

  afterEach(() => {
    offsetMs = 0;
  });

  afterAll(async () => {
    await service?.stop();
    announcements?.unsubscribe();
    await world?.dispose();
  });

  it('DomainAdded creates one unread DOMAIN_SETUP for the user who added it, and announces it once', async () => {
    const ann = owner();
    const added = await addDomain(ann, 'shop.example.com');
    const { notifications, unreadCount } = await notificationsOf(ann, 1);
    expect(notifications[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'DOMAIN_SETUP',
      message: 'Set up your new domain shop.example.com: tell the assistant about your business.',
      read: false,
      createdAt: added.addedAt,
      domainId: added.domainId,
      roomId: '',
    });
    expect(unreadCount).toBe(1);
    const toAnn = await eventually(async () => {
      const found = announced.filter((a) => a.subject.endsWith(`.realtime.user.${ann.userId}`));
      expect(found).toHaveLength(1);
      return found;
    });
    expect(toAnn[0]!.subject).toBe(`${world.namespace}.realtime.user.${ann.userId}`);
    expect(toAnn[0]!.notification).toEqual({ ...notifications[0], domainId: added.domainId, roomId: null });
  });

  it('lists newest first, per user: a colleague in the same account and other accounts see nothing', async () => {
    const bea = owner();
    const colleague: Caller = { userId: randomUUID(), accountId: bea.accountId, role: 'AGENT' };
    const first = await addDomain(bea, 'first.example.com', new Date(Date.now() - 60_000));
    const second = await addDomain(bea, 'second.example.com');
    const { notifications } = await notificationsOf(bea, 2);
    expect(notifications.map((n) => n.domainId)).toEqual([second.domainId, first.domainId]);
    expect(await list(colleague)).toEqual({ notifications: [], unreadCount: 0 });
    // The same user id under another account (a forged or stale token) sees nothing either.
    expect(await list({ userId: bea.userId, accountId: randomUUID() })).toEqual({
      notifications: [],
      unreadCount: 0,
    });
  });

  it('lists only the types the UI shows (DOMAIN_SETUP, LIVE_SUPPORT), and counts only those', async () => {
    const kim = owner();
    await addDomain(kim, 'kim.example.com');
    await notificationsOf(kim, 1);
    // A type a later release may create that this UI does not know.
    await world.db.pool.query(
      `WITH source AS (INSERT INTO in_app_notification_sources (source_event_id) VALUES ($1) RETURNING source_event_id)
       INSERT INTO in_app_notifications (source_event_id, account_id, user_id, type, message, created_at, announced_at)
       SELECT source_event_id, $2, $3, 'BILLING_RECEIPT', 'Your receipt', now(), now() FROM source`,
      [randomUUID(), kim.accountId, kim.userId],
    );
    const { notifications, unreadCount } = await list(kim);
    expect(notifications.map((n) => n.type)).toEqual(['DOMAIN_SETUP']);
    expect(unreadCount).toBe(1);
  });

  it("marks one read, idempotently; another user's or a made-up id is NOT_FOUND", async () => {
    const cai = owner();
    const stranger = owner();
    await addDomain(cai, 'one.example.com');
    await addDomain(cai, 'two.example.com');
    const { notifications } = await notificationsOf(cai, 2);
    const target = notifications[1]!;

    await expect(markRead(stranger, target.id)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(
      markRead({ userId: cai.userId, accountId: stranger.accountId }, target.id),
    ).rejects.toMatchObject({ kind: 'not_found' });
    await expect(markRead(cai, randomUUID())).rejects.toMatchObject({ kind: 'not_found' });
    await expect(markRead(cai, 'not-a-uuid')).rejects.toMatchObject({ kind: 'not_found' });
    expect((await list(cai)).unreadCount).toBe(2);

    expect(await markRead(cai, target.id)).toEqual({ ...target, read: true });
    expect(await markRead(cai, target.id)).toEqual({ ...target, read: true });
    const after = await list(cai);
    expect(after.unreadCount).toBe(1);
    expect(after.notifications.map((n) => n.read)).toEqual([false, true]);
  });

  it("marks all of the caller's read and nobody else's", async () => {
    const dan = owner();
    const eve = owner();
    await addDomain(dan, 'a.example.com');
    await addDomain(dan, 'b.example.com');
    await addDomain(eve, 'c.example.com');
    await notificationsOf(dan, 2);
    await notificationsOf(eve, 1);
    expect(await markAll(dan)).toBe(2);
    expect(await markAll(dan)).toBe(0);
    expect((await list(dan)).unreadCount).toBe(0);
    expect((await list(eve)).unreadCount).toBe(1);
  });

  it('cleanup removes what was read more than 30 days ago and anything older than 90 days, of the caller only', async () => {
    const fay = owner();
    const gil = owner();
    await addDomain(fay, 'read-early.example.com');
    await addDomain(fay, 'unread.example.com');
    await addDomain(gil, 'gil.example.com');
    const { notifications } = await notificationsOf(fay, 2);
    const readEarly = notifications.find((n) => n.message.includes('read-early'))!;
    await markRead(fay, readEarly.id);
    await notificationsOf(gil, 1);
    await markAll(gil);

    offsetMs = 30 * DAY - 60_000;
    expect(await cleanup(fay)).toBe(0);
    offsetMs = 30 * DAY + 60_000;
    const readLater = (await addDomain(fay, 'read-later.example.com')).domainId;
    const later = (await notificationsOf(fay, 3)).notifications.find((n) => n.domainId === readLater)!;
    await markRead(fay, later.id);
    expect(await cleanup(fay)).toBe(1);
    expect((await list(fay)).notifications.map((n) => n.domainId)).toEqual([
      readLater,
      notifications.find((n) => n.id !== readEarly.id)!.domainId,
    ]);
    // Gil's read notification is as old, but cleanup acts for its caller only.
    expect((await list(gil)).notifications).toHaveLength(1);

    offsetMs = 90 * DAY + 60_000;
    // The unread one is now older than 90 days; the one read "30 days later" was read 60 days ago.
    expect(await cleanup(fay)).toBe(2);
    expect(await list(fay)).toEqual({ notifications: [], unreadCount: 0 });
  });

  it('DomainDeleted removes that domain’s notifications', async () => {
    const hal = owner();
    const kept = await addDomain(hal, 'kept.example.com');
    const gone = await addDomain(hal, 'gone.example.com');
    await notificationsOf(hal, 2);
    const deleted: DomainDeleted = {
      domainId: gone.domainId,
      accountId: hal.accountId,
      deletedAt: new Date().toISOString(),
    };
    await appendEvent(domains, 'domain', gone.domainId, DomainsEvent.DomainDeleted, deleted);
    const { notifications } = await notificationsOf(hal, 1);
    expect(notifications[0]!.domainId).toBe(kept.domainId);
  });

  it('stores an event from an hour ago without pushing it, and skips one past the 90-day retention', async () => {
    const ida = owner();
    await addDomain(ida, 'ancient.example.com', new Date(Date.now() - 91 * DAY));
    const hourOld = await addDomain(ida, 'hour-old.example.com', new Date(Date.now() - 60 * 60_000));
    const fresh = await addDomain(ida, 'fresh.example.com');
    const { notifications } = await notificationsOf(ida, 2);
    expect(notifications.map((n) => n.domainId)).toEqual([fresh.domainId, hourOld.domainId]);
    const pushed = await eventually(async () => {
      const found = announced.filter((a) => a.subject.endsWith(`.user.${ida.userId}`));
      expect(found.length).toBeGreaterThanOrEqual(1);
      return found;
    });
    expect(pushed.map((a) => a.notification.domainId)).toEqual([fresh.domainId]);
  });

  it('a redelivered or replayed DomainAdded creates nothing more and is not announced again', async () => {
    const jo = owner();
    await addDomain(jo, 'replayed.example.com');
    await notificationsOf(jo, 1);
    await eventually(async () =>
      expect(announced.filter((a) => a.subject.endsWith(`.user.${jo.userId}`))).toHaveLength(1),
    );
    const countBefore = (await world.db.pool.query('SELECT count(*)::int AS n FROM in_app_notifications'))
      .rows[0].n;

    // Every event of the stream is delivered again from the first one.
    await service.stop();
    await resetProjection(world.nc, world.db.pool, 'notifications-in-app-v1', world.namespace);
    service = await start();
    // Applied in stream order: once the witness shows, everything before it was applied again.
    const witness = owner();
    await addDomain(witness, 'witness.example.com');
    await notificationsOf(witness, 1);

    expect((await list(jo)).notifications).toHaveLength(1);
    const countAfter = (await world.db.pool.query('SELECT count(*)::int AS n FROM in_app_notifications'))
      .rows[0].n;
    expect(countAfter).toBe(countBefore + 1);
    await eventually(async () =>
      expect(announced.filter((a) => a.subject.endsWith(`.user.${witness.userId}`))).toHaveLength(1),
    );
    expect(announced.filter((a) => a.subject.endsWith(`.user.${jo.userId}`))).toHaveLength(1);
  });

  it('with two replicas running, each notification is announced once', async () => {
    const second = await start();
    try {
      const lea = owner();
      const added = [];
      for (let i = 0; i < 12; i++) added.push(await addDomain(lea, `replica-${i}.example.com`));
      await notificationsOf(lea, 12);
      // Both announcers are woken by every commit; wait for the last one, then for stragglers.
      await eventually(async () =>
        expect(announced.filter((a) => a.subject.endsWith(`.user.${lea.userId}`))).toHaveLength(12),
      );
      await world.nc.flush();
      const toLea = announced.filter((a) => a.subject.endsWith(`.user.${lea.userId}`));
      expect(new Set(toLea.map((a) => a.notification.domainId))).toEqual(
        new Set(added.map((d) => d.domainId)),
      );
      expect(toLea).toHaveLength(12);
    } finally {
      await second.stop();
    }
  });

  it('refuses a call that names no caller', async () => {
    await expect(call('ListNotifications', {})).rejects.toMatchObject({ kind: 'unauthenticated' });
    await expect(call('MarkAllNotificationsRead', { caller: { userId: 'u' } })).rejects.toMatchObject({
      kind: 'unauthenticated',
    });
  });
});
