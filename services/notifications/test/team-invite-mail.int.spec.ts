import { randomUUID } from 'node:crypto';
import { IdentityEvent, type TeamInviteIssued } from '@parley/contracts';
import { seal } from '@parley/contracts/sealing';
import { ensureStream, type EventStore } from '@parley/eventstore';
import {
  appendEvent,
  createWorld,
  MAIL_SEAL_KEY,
  startForTest,
  testConfig,
  type RunningNotifications,
  type TestWorld,
} from './harness';

jest.setTimeout(30_000);

let world: TestWorld;
let store: EventStore;
let service: RunningNotifications | undefined;

beforeAll(async () => {
  world = await createWorld();
  await ensureStream(world.nc, 'identity', world.namespace);
  store = world.store('identity');
  service = await startForTest(
    testConfig(world, { delivery: { maxAttempts: 20 }, publicAppUrl: 'http://app.test:3000' }),
  );
});

afterAll(async () => {
  await service?.stop();
  await world?.dispose();
});

/** Appends identity.TeamInviteIssued as the identity service does (each sending is one event). */
async function issueInvite(inviteId: string, email: string, token: string, expiresAt: Date): Promise<void> {
  const data: TeamInviteIssued = {
    inviteId,
    accountId: randomUUID(),
    email,
    invitedBy: randomUUID(),
    inviterName: 'Ada Lovelace',
    sealedToken: seal(token, MAIL_SEAL_KEY),
    expiresAt: expiresAt.toISOString(),
    issuedAt: new Date().toISOString(),
  };
  await appendEvent(store, 'invite', inviteId, IdentityEvent.TeamInviteIssued, data);
}

const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600 * 1000);

it('mails the invitation link with the token to the invited address, once per sending', async () => {
  const inviteId = randomUUID();
  await issueInvite(inviteId, 'bob@example.com', `${inviteId}.first`, inAWeek());
  const [mail] = await world.mailsTo('bob@example.com', 1);
  expect(mail).toMatchObject({
    to: ['bob@example.com'],
    subject: 'Ada Lovelace invited you to their Parley team',
  });
  expect(mail!.text).toContain(`http://app.test:3000/auth/accept-invite?token=${inviteId}.first`);

  // A re-send is a new event and a new mail, with the new token.
  await issueInvite(inviteId, 'bob@example.com', `${inviteId}.second`, inAWeek());
  const mails = await world.mailsTo('bob@example.com', 2);
  expect(mails.map((m) => m.text).join('\n')).toContain(`token=${inviteId}.second`);
});

it('does not mail an invitation that already expired', async () => {
  await issueInvite(randomUUID(), 'late@example.com', 'x.late', new Date(Date.now() - 1000));
  await issueInvite(randomUUID(), 'ontime@example.com', 'x.ontime', inAWeek());
  await world.mailsTo('ontime@example.com', 1);
  expect(await world.inbox('late@example.com')).toEqual([]);
});
