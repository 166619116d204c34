// Events already in the log with text PostgreSQL refuses (NUL, lone surrogates) are applied by
// every notifications read model and mail projection, not parked.
import { randomUUID } from 'node:crypto';
import {
  ConversationsEvent,
  DomainsEvent,
  IdentityEvent,
  domainSetupMessage,
  liveSupportMessage,
  type DomainAdded,
  type LiveModeChanged,
  type RoomAudience,
  type RoomMailed,
  type TeamInviteIssued,
  type UserRegistered,
} from '@parley/contracts';
import { seal } from '@parley/contracts/sealing';
import { deadLetters, eventually, storedFrom, unstorable } from '@parley/testing';
import {
  appendEvent as append,
  createWorld,
  MAIL_SEAL_KEY,
  startForTest,
  testConfig,
  type RunningNotifications,
  type TestWorld,
} from './harness';

jest.setTimeout(60_000);

describe('notifications and text PostgreSQL refuses', () => {
  let world: TestWorld;
  let service: RunningNotifications;

  beforeAll(async () => {
    world = await createWorld();
    service = await startForTest(testConfig(world), { announcePollMs: 500 });
  });
  afterAll(async () => {
    await service?.stop();
    await world?.dispose();
  });

  it('applies owners, domains, in-app notifications, handoffs and invitation mail with NUL and lone surrogates in their text', async () => {
    const now = () => new Date().toISOString();
    const identity = world.store('identity');
    const domains = world.store('domains');
    const conversations = world.store('conversations');

    const ownerId = randomUUID();
    const email = `owner-${ownerId.slice(0, 8)}@example.com`;
    const registered: UserRegistered = {
      userId: ownerId,
      email,
      fullname: unstorable('Ann Owner'),
      role: 'OWNER',
      plan: 'STANDARD',
      selectedPlan: 'STANDARD',
      registeredAt: now(),
      accountId: ownerId,
    };
    await append(identity, 'user', ownerId, IdentityEvent.UserRegistered, registered);
    const domain = `shop-${ownerId.slice(0, 8)}.example.com`;
    const added: DomainAdded = {
      domainId: randomUUID(),
      accountId: ownerId,
      addedBy: ownerId,
      domain: unstorable(domain),
      addedAt: now(),
    };
    await append(domains, 'domain', added.domainId, DomainsEvent.DomainAdded, added);
    const caller = { userId: ownerId, accountId: ownerId };
    // The handoff names the domain once notifications has heard of it, and the two come from
    // different streams: under load the handoff could be read first (CI saw the text name none).
    // A domain is added long before its first handoff, so the test waits as time would.
    await eventually(async () => {
      const { notifications } = await service.list(caller);
      expect(notifications.map((n) => n.type)).toContain('DOMAIN_SETUP');
    });
    const roomId = randomUUID();
    const audience: RoomAudience = {
      accountId: ownerId,
      domainId: added.domainId,
      customerId: randomUUID(),
      sharedWith: [],
    };
    const live: LiveModeChanged = {
      roomId,
      audience,
      live: true,
      changedBy: 'assistant',
      reason: unstorable('visitor asked for a person'),
      changedAt: now(),
    };
    await append(conversations, 'room', roomId, ConversationsEvent.LiveModeChanged, live);
    const mailed: RoomMailed = { roomId, audience, mailedAt: now() };
    await append(conversations, 'room', roomId, ConversationsEvent.RoomMailed, mailed);
    const inviteId = randomUUID();
    const invited = `agent-${ownerId.slice(0, 8)}@example.com`;
    const invite: TeamInviteIssued = {
      inviteId,
      accountId: ownerId,
      email: invited,
      invitedBy: ownerId,
      inviterName: unstorable('Ann Owner'),
      sealedToken: seal(`${inviteId}.token`, MAIL_SEAL_KEY),
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      issuedAt: now(),
    };
    await append(identity, 'invite', inviteId, IdentityEvent.TeamInviteIssued, invite);

    await eventually(async () => {
      const { notifications } = await service.list(caller);
      expect(notifications.map((n) => [n.type, n.message]).sort()).toEqual([
        ['DOMAIN_SETUP', domainSetupMessage(storedFrom(domain))],
        ['LIVE_SUPPORT', liveSupportMessage(storedFrom(domain))],
      ]);
    });
    const [handoffMail] = await world.mailsTo(email, 1);
    expect(handoffMail!.subject).toBe(liveSupportMessage(storedFrom(domain)));
    expect(handoffMail!.text).toContain(`Hi ${storedFrom('Ann Owner')},`);
    const [inviteMail] = await world.mailsTo(invited, 1);
    expect(inviteMail!.subject).toBe(`${storedFrom('Ann Owner')} invited you to their Parley team`);
    expect(await deadLetters(world.db.pool)).toEqual([]);
  });
});
