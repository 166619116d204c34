import { randomBytes } from 'node:crypto';
import { IdentityEvent } from '@parley/contracts';
import { unseal } from '@parley/contracts/sealing';
import { EventStore } from '@parley/eventstore';
import { connectTestNats } from '@parley/testing';
import type { NatsConnection } from 'nats';
import { registerOwner, uniqueEmail, type Registered } from './support/flows';
import { openSocket } from './support/sockets';
import type { GatewayClient } from './support/http-client';
import { FRONTEND, startStack, type TestStack } from './support/stack';

jest.setTimeout(60_000);

const mailSealKey = randomBytes(24).toString('base64url');
let stack: TestStack;
let nc: NatsConnection;
let store: EventStore;

beforeAll(async () => {
  stack = await startStack({ identityEnv: { MAIL_SEAL_KEY: mailSealKey } });
  nc = await connectTestNats();
  store = new EventStore(nc, { context: 'identity', namespace: stack.namespace });
}, 120_000);

afterAll(async () => {
  await nc?.close();
  await stack?.dispose();
});

/** The newest sealed secret of an aggregate's event, read as the mailer reads it: from the log, unsealed. */
async function unsealedFromLog(aggregate: string, id: string, type: string, field: string): Promise<string> {
  const { events } = await store.load(store.subject(aggregate, id));
  const issued = events.filter((e) => e.type === type).at(-1);
  if (!issued) throw new Error(`no ${type} for ${id}`);
  return unseal((issued.data as Record<string, string>)[field]!, mailSealKey);
}

const inviteToken = (inviteId: string) =>
  unsealedFromLog('invite', inviteId, IdentityEvent.TeamInviteIssued, 'sealedToken');

/** This file's identity seals with its own key, so sign-up codes are read here too. */
const stackWithOwnKey = (): TestStack => ({
  ...stack,
  signupCode: (signupId) => unsealedFromLog('signup', signupId, IdentityEvent.SignupCodeIssued, 'sealedCode'),
});

const MEMBER_PASSWORD = 'Member_pass-1';

async function ownerClient(): Promise<{ client: GatewayClient; owner: Registered }> {
  const client = stack.client({ origin: FRONTEND });
  return { client, owner: await registerOwner(stackWithOwnKey(), client) };
}

/** Invites an address and accepts in a fresh browser: the member's client ends up signed in by cookie. */
async function addMember(owner: GatewayClient, email = uniqueEmail('agent')) {
  const invited = await owner.post('/api/team/invites', { email });
  expect(invited.status).toBe(201);
  const member = stack.client({ origin: FRONTEND });
  const accepted = await member.post('/api/team/invites/accept', {
    token: await inviteToken(invited.body.data.id),
    fullname: 'Grace Hopper',
    password: MEMBER_PASSWORD,
    confirmPassword: MEMBER_PASSWORD,
  });
  expect(accepted.status).toBe(200);
  return { member, email, inviteId: invited.body.data.id as string, session: accepted.body };
}

describe('/api/team', () => {
  it('owner invites; the public lookup names the owner; accepting signs an AGENT of the owner account in', async () => {
    const { client, owner } = await ownerClient();
    const email = uniqueEmail('agent');
    const invited = await client.post('/api/team/invites', { email });
    expect(invited.status).toBe(201);
    expect(invited.body.data).toMatchObject({
      email,
      role: 'AGENT',
      status: 'invited',
      joinedAt: null,
      lastActive: null,
      expiresAt: expect.any(String),
    });
    const token = await inviteToken(invited.body.data.id);

    const anonymous = stack.client({ origin: FRONTEND });
    const lookup = await anonymous.get(`/api/team/invites/lookup?token=${encodeURIComponent(token)}`);
    expect(lookup.status).toBe(200);
    expect(lookup.body).toEqual({ data: { email, accountName: 'Ada Lovelace' } });

    const accepted = await anonymous.post('/api/team/invites/accept', {
      token,
      fullname: 'Grace Hopper',
      password: MEMBER_PASSWORD,
      confirmPassword: MEMBER_PASSWORD,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ email, role: 'AGENT', accountId: owner.user.id });
    expect(anonymous.cookie('parley_at')).toBeDefined();

    // The member's own requests count as activity: the owner sees them active.
    const me = await anonymous.get('/api/user/me');
    expect(me.status).toBe(200);
    const list = await client.get('/api/team');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: owner.user.id, role: 'OWNER', status: 'active' }),
      expect.objectContaining({
        id: accepted.body.user.id,
        name: 'Grace Hopper',
        email,
        role: 'AGENT',
        status: 'active',
        joinedAt: expect.any(String),
        lastActive: expect.any(String),
      }),
    ]);
    expect(Date.now() - Date.parse(list.body.data[1].lastActive)).toBeLessThan(60_000);

    const members = await client.get('/api/team/members');
    expect(members.body).toEqual({ data: [{ id: accepted.body.user.id, name: 'Grace Hopper' }] });
  });

  it('answers the spec messages: bad email, ALREADY_MEMBER, EMAIL_TAKEN, invalid token, sign-up rules', async () => {
    const { client, owner } = await ownerClient();
    const bad = await client.post('/api/team/invites', { email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ message: 'Incorrect email format' });

    const { email } = await addMember(client);
    const again = await client.post('/api/team/invites', { email });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'ALREADY_MEMBER' });
    expect((await client.post('/api/team/invites', { email: owner.email })).body.error.code).toBe(
      'ALREADY_MEMBER',
    );

    const { owner: other } = await ownerClient();
    const taken = await client.post('/api/team/invites', { email: other.email });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'EMAIL_TAKEN' });

    const anonymous = stack.client({ origin: FRONTEND });
    for (const path of ['/api/team/invites/lookup', '/api/team/invites/lookup?token=abc.def']) {
      const res = await anonymous.get(path);
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({
        code: 'INVITE_NOT_FOUND',
        message: 'This invitation is invalid or has expired',
      });
    }
    const invited = await client.post('/api/team/invites', { email: uniqueEmail('rules') });
    const weak = await anonymous.post('/api/team/invites/accept', {
      token: await inviteToken(invited.body.data.id),
      fullname: 'Grace Hopper',
      password: 'short',
      confirmPassword: 'short',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toMatchObject({ message: 'Your password must be atleast 8 characters long' });
  });

  it('re-inviting too soon is rate limited; a revoked invitation leaves the list and its link dies', async () => {
    const { client } = await ownerClient();
    const email = uniqueEmail('pending');
    const first = await client.post('/api/team/invites', { email });
    const soon = await client.post('/api/team/invites', { email });
    expect(soon.status).toBe(429);
    expect(soon.body.error).toMatchObject({ code: 'RESEND_TOO_SOON' });
    const token = await inviteToken(first.body.data.id);

    expect((await client.request('DELETE', `/api/team/invites/${first.body.data.id}`)).status).toBe(204);
    expect((await client.get('/api/team')).body.data.map((m: { status: string }) => m.status)).toEqual([
      'active',
    ]);
    const lookup = await stack.client().get(`/api/team/invites/lookup?token=${encodeURIComponent(token)}`);
    expect(lookup.status).toBe(404);
  });

  it('removing a member refuses their access token at once, their refresh and their log-in', async () => {
    const { client } = await ownerClient();
    const { member, email, session } = await addMember(client);
    expect((await member.get('/api/team')).status).toBe(200);

    const removed = await client.request('DELETE', `/api/team/members/${session.user.id}`);
    expect(removed.status).toBe(204);

    const next = await member.get('/api/user/me');
    expect(next.status).toBe(401);
    expect(next.body.error).toMatchObject({ code: 'SESSION_REVOKED' });
    expect((await member.post('/api/auth/refresh')).status).toBe(401);
    const login = await stack
      .client({ origin: FRONTEND })
      .post('/api/auth/login', { email, password: MEMBER_PASSWORD });
    expect(login.status).toBe(401);
    expect((await client.get('/api/team')).body.data).toHaveLength(1);
  });

  it('removing a member closes their open sockets, and a new one is refused', async () => {
    const { client } = await ownerClient();
    const { member, session } = await addMember(client);
    const token = member.cookie('parley_at')?.value;
    if (!token) throw new Error('the member has no access cookie');
    const socket = await openSocket(stack.gateways[0]!.url, token);
    try {
      const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
      expect((await client.request('DELETE', `/api/team/members/${session.user.id}`)).status).toBe(204);
      expect(await closed).toBe('io server disconnect');
      await expect(openSocket(stack.gateways[0]!.url, token)).rejects.toThrow('unauthorized');
    } finally {
      socket.close();
    }
  });

  it('keeps tenants and roles apart', async () => {
    const { client } = await ownerClient();
    const { member, session, email } = await addMember(client);
    const pending = await client.post('/api/team/invites', { email: uniqueEmail('pending') });
    const { client: other } = await ownerClient();

    expect((await other.request('DELETE', `/api/team/members/${session.user.id}`)).status).toBe(404);
    expect((await other.request('DELETE', `/api/team/invites/${pending.body.data.id}`)).status).toBe(404);
    expect((await other.get('/api/team')).body.data).toHaveLength(1);

    // Agents read the team (without invitation addresses) but change nothing.
    const asAgent = await member.get('/api/team');
    expect(asAgent.status).toBe(200);
    expect(asAgent.body.data.find((m: { id: string }) => m.id === pending.body.data.id)).toMatchObject({
      email: '',
    });
    expect(asAgent.body.data.find((m: { email: string }) => m.email === email)).toBeDefined();
    expect((await member.post('/api/team/invites', { email: uniqueEmail() })).status).toBe(403);
    expect((await member.request('DELETE', `/api/team/invites/${pending.body.data.id}`)).status).toBe(403);
    expect((await stack.client().get('/api/team')).status).toBe(401);
  });

  it('while log-in is switched off an invitation cannot be accepted, and stays usable', async () => {
    const { client } = await ownerClient();
    const invited = await client.post('/api/team/invites', { email: uniqueEmail('later') });
    const token = await inviteToken(invited.body.data.id);
    const admin = stack.client({ origin: FRONTEND });
    expect((await admin.post('/api/auth/login', stack.admin)).status).toBe(200);
    const set = (loginEnabled: boolean) =>
      admin.request('PUT', '/api/system-settings', { json: { loginEnabled } });
    expect((await set(false)).status).toBe(200);
    try {
      const body = {
        token,
        fullname: 'Grace Hopper',
        password: MEMBER_PASSWORD,
        confirmPassword: MEMBER_PASSWORD,
      };
      const refused = await stack.client({ origin: FRONTEND }).post('/api/team/invites/accept', body);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'LOGIN_DISABLED' });
      expect((await set(true)).status).toBe(200);
      const accepted = await stack.client({ origin: FRONTEND }).post('/api/team/invites/accept', body);
      expect(accepted.status).toBe(200);
    } finally {
      await set(true);
    }
  });
});
