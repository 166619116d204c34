import { randomUUID } from 'node:crypto';
import {
  ConversationsEvent,
  DomainsEvent,
  type DomainAdded,
  type DomainDeleted,
  type LiveModeChanged,
  type RoomAudience,
  type RoomMailed,
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

interface Account {
  owner: Caller;
  email: string;
  domainId: string;
  domain: string;
}

/**
 * The assistant's handoff as notifications sees it: identity's owner, domains' domain and
 * conversations' room events appended to the streams of this test's namespace, as those services
 * record them; the notifications read over gRPC and the mail from the real mail catcher.
 */
describe('live support notifications and mail', () => {
  let world: TestWorld;
  let service: RunningNotifications;
  let identity: EventStore;
  let domains: EventStore;
  let conversations: EventStore;

  const start = () => startForTest(testConfig(world, { publicAppUrl: APP_URL }), { announcePollMs: 500 });
  const liveSupportOf = async (caller: Caller) =>
    (await service.list(caller)).notifications.filter((n) => n.type === 'LIVE_SUPPORT');

  /** An owner signed up (identity) with one domain (domains), as the real services record them. */
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

  const audienceOf = (a: Account, sharedWith: string[] = []): RoomAudience => ({
    accountId: a.owner.accountId,
    domainId: a.domainId,
    customerId: randomUUID(),
    sharedWith,
  });

  const switchLive = (roomId: string, audience: RoomAudience, changedBy: string, live = true) => {
    const data: LiveModeChanged = {
      roomId,
      audience,
      live,
      changedBy,
      reason: 'visitor asked for a person',
      changedAt: new Date().toISOString(),
    };
    return append(conversations, 'room', roomId, ConversationsEvent.LiveModeChanged, data);
  };
  const markMailed = (roomId: string, audience: RoomAudience) => {
    const data: RoomMailed = { roomId, audience, mailedAt: new Date().toISOString() };
    return append(conversations, 'room', roomId, ConversationsEvent.RoomMailed, data);
  };

  /** The assistant's handoff as conversations records it: live on by 'assistant', then mailed. */
  async function handoff(a: Account, sharedWith: string[] = []) {
    const roomId = randomUUID();
    const audience = audienceOf(a, sharedWith);
    await switchLive(roomId, audience, 'assistant');
    await markMailed(roomId, audience);
    return { roomId, audience };
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

  it('a handoff gives the owner and the members the room is shared with LIVE_SUPPORT, and mails the owner once', async () => {
    const ann = await account('ann');
    const member: Caller = { userId: randomUUID(), accountId: ann.owner.accountId };
    const { roomId } = await handoff(ann, [member.userId]);

    const [notification] = await eventually(async () => {
      const found = await liveSupportOf(ann.owner);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(notification).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'LIVE_SUPPORT',
      message: `A visitor on ${ann.domain} asked for live support`,
      read: false,
      createdAt: expect.any(String),
      domainId: ann.domainId,
      roomId,
    });
    const forMember = await eventually(async () => {
      const found = await liveSupportOf(member);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(forMember[0]).toMatchObject({ message: notification!.message, roomId, domainId: ann.domainId });

    const [mail] = await world.mailsTo(ann.email, 1);
    expect(mail).toMatchObject({
      to: [ann.email],
      subject: `A visitor on ${ann.domain} asked for live support`,
    });
    expect(mail!.text).toContain('Hi ann Owner,');
    expect(mail!.text).toContain(`${APP_URL}/dashboard/conversation?room=${roomId}`);
    expect(mail!.html).toContain(`${APP_URL}/dashboard/conversation?room=${roomId}`);
    // One mail for the room, and it is the owner's alone.
    const { rows } = await world.db.pool.query<{ recipient: string }>(
      "SELECT recipient FROM mail_outbox WHERE template = 'live-support' AND data->>'conversationUrl' LIKE $1",
      [`%${roomId}`],
    );
    expect(rows).toEqual([{ recipient: ann.email }]);
  });

  it('another account, a team member switching live, and switching off create nothing', async () => {
    const bea = await account('bea');
    const cy = await account('cy');
    const roomId = randomUUID();
    const audience = audienceOf(bea);
    await switchLive(roomId, audience, randomUUID()); // a team member took it over themselves
    await switchLive(roomId, audience, 'assistant', false);
    // A handoff in another account, appended last: once it shows, the ones before were applied.
    await handoff(cy);
    await eventually(async () => expect(await liveSupportOf(cy.owner)).toHaveLength(1));
    await world.mailsTo(cy.email, 1);

    expect(await liveSupportOf(bea.owner)).toEqual([]);
    expect(await world.inbox(bea.email)).toEqual([]);
    // cy's notification is cy's alone, even for a caller naming bea's user in cy's account.
    expect(await liveSupportOf({ userId: bea.owner.userId, accountId: cy.owner.accountId })).toEqual([]);
  });

  it('a room of a deleted domain notifies and mails nobody', async () => {
    const dan = await account('dan');
    const deleted: DomainDeleted = {
      domainId: dan.domainId,
      accountId: dan.owner.accountId,
      deletedAt: new Date().toISOString(),
    };
    await append(domains, 'domain', dan.domainId, DomainsEvent.DomainDeleted, deleted);
    await eventually(async () => {
      const { rowCount } = await world.db.pool.query(
        'SELECT 1 FROM notification_deleted_domains WHERE domain_id = $1',
        [dan.domainId],
      );
      expect(rowCount).toBe(1);
    });
    await handoff(dan);
    const witness = await account('witness-deleted');
    await handoff(witness);
    await world.mailsTo(witness.email, 1);
    await eventually(async () => expect(await liveSupportOf(witness.owner)).toHaveLength(1));

    expect(await liveSupportOf(dan.owner)).toEqual([]);
    expect(await world.inbox(dan.email)).toEqual([]);
  });

  it('a second RoomMailed and a full replay of both projections add no notification and no mail', async () => {
    const eve = await account('eve');
    const { roomId, audience } = await handoff(eve);
    await world.mailsTo(eve.email, 1);
    await eventually(async () => expect(await liveSupportOf(eve.owner)).toHaveLength(1));

    // conversations records RoomMailed once per room; even a second one mails nobody again.
    await markMailed(roomId, audience);

    // Every conversations event is delivered again from the first one.
    await service.stop();
    await resetProjection(world.nc, world.db.pool, 'notifications-live-support-v1', world.namespace);
    await resetProjection(world.nc, world.db.pool, 'notifications-live-support-mail-v1', world.namespace);
    service = await start();

    // Applied in stream order: once the witness shows, everything before it was applied again.
    const witness = await account('witness-replay');
    await handoff(witness);
    await world.mailsTo(witness.email, 1);
    await eventually(async () => expect(await liveSupportOf(witness.owner)).toHaveLength(1));

    expect(await liveSupportOf(eve.owner)).toHaveLength(1);
    expect(await world.inbox(eve.email)).toHaveLength(1);
    const { rows } = await world.db.pool.query<{ status: string }>(
      "SELECT status FROM mail_outbox WHERE template = 'live-support' AND id = $1",
      [`live-support:${roomId}`],
    );
    expect(rows).toEqual([{ status: 'sent' }]);
  });
});
