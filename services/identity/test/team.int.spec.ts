import { unseal } from '@parley/contracts/sealing';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import {
  eventsOf,
  failure,
  identityForSpec,
  MAIL_SEAL_KEY,
  signUp,
  uniqueEmail,
  type RunningIdentity,
  type Session,
  type TestWorld,
} from './harness';

let world: TestWorld;
let identity: RunningIdentity;
identityForSpec((started) => ({ world, identity } = started));

interface Member {
  id: string;
  name: string;
  email: string;
  role: string;
  status: string;
  invitedAt: string;
  joinedAt: string;
  expiresAt: string;
}

const client = { ip: '198.51.100.7', userAgent: 'jest' };
const callerOf = (s: Session) => ({ userId: s.user.id, role: s.user.role, accountId: s.user.accountId });
const invite = (owner: Session, email: string) =>
  identity.call<Member>('inviteTeamMember', { caller: callerOf(owner), email });
const team = async (who: Session) =>
  (await identity.call<{ members?: Member[] }>('listTeam', callerOf(who))).members ?? [];

/** The newest invitation token of an invite, unsealed the way the mailer does it. */
async function latestToken(inviteId: string): Promise<string> {
  const issued = (await eventsOf(world, 'invite', inviteId)).filter(
    (e) => e.type === 'identity.TeamInviteIssued',
  );
  const last = issued.at(-1);
  if (!last) throw new Error(`no invitation issued for ${inviteId}`);
  return unseal((last.data as { sealedToken: string }).sealedToken, MAIL_SEAL_KEY);
}

const accept = (token: string, over: Record<string, string> = {}) =>
  identity.call<Session>('acceptTeamInvite', {
    token,
    fullname: 'Grace Hopper',
    password: 'Member_pass-1',
    confirmPassword: 'Member_pass-1',
    client,
    ...over,
  });

async function ownerWithMember(): Promise<{ owner: Session; member: Session; memberEmail: string }> {
  const { session: owner } = await signUp(world, identity, uniqueEmail('owner'));
  const memberEmail = uniqueEmail('agent');
  const invited = await invite(owner, memberEmail);
  const member = await accept(await latestToken(invited.id));
  return { owner, member, memberEmail };
}

describe('inviting', () => {
  it('records an invitation with a hashed token and a sealed copy for the mailer, listed as invited', async () => {
    const { session: owner } = await signUp(world, identity, uniqueEmail('owner'));
    const email = uniqueEmail('Invitee').toUpperCase();
    const invited = await invite(owner, email);
    expect(invited).toMatchObject({ email: email.toLowerCase(), role: 'AGENT', status: 'invited', name: '' });

    const [issued] = await eventsOf(world, 'invite', invited.id);
    const data = issued!.data as Record<string, string>;
    const token = await latestToken(invited.id);
    expect(token.startsWith(`${invited.id}.`)).toBe(true);
    expect(JSON.stringify(data)).not.toContain(token);
    expect(data).toMatchObject({
      accountId: owner.user.id,
      inviterName: 'Ada Lovelace',
      invitedBy: owner.user.id,
    });
    expect(Date.parse(data.expiresAt!) - Date.parse(data.issuedAt!)).toBe(7 * 24 * 3600 * 1000);

    expect(await team(owner)).toEqual([
      expect.objectContaining({ id: owner.user.id, role: 'OWNER', status: 'active' }),
      expect.objectContaining({ id: invited.id, email: email.toLowerCase(), status: 'invited' }),
    ]);
  });

  it('re-inviting a pending address re-sends after 60 s, with a new token that replaces the old one', async () => {
    const { session: owner } = await signUp(world, identity, uniqueEmail('owner'));
    const email = uniqueEmail('again');
    const first = await invite(owner, email);
    const oldToken = await latestToken(first.id);
    const soon = await failure(invite(owner, email));
    expect(soon).toMatchObject({ kind: 'rate_limited', code: 'RESEND_TOO_SOON' });
    expect(soon.retryAfter).toBeGreaterThan(0);

    identity.clock.advance(61_000);
    const second = await invite(owner, email);
    expect(second.id).toBe(first.id);
    expect(second.invitedAt).toBe(first.invitedAt);
    expect(await failure(accept(oldToken))).toMatchObject({ kind: 'not_found', code: 'INVITE_NOT_FOUND' });
    expect((await team(owner)).filter((m) => m.status === 'invited')).toHaveLength(1);
  });

  it('refuses a member of this team (ALREADY_MEMBER) and another account’s user (EMAIL_TAKEN)', async () => {
    const { owner, memberEmail } = await ownerWithMember();
    expect(await failure(invite(owner, memberEmail))).toMatchObject({
      kind: 'conflict',
      code: 'ALREADY_MEMBER',
    });
    expect(await failure(invite(owner, owner.user.email))).toMatchObject({ code: 'ALREADY_MEMBER' });
    const { session: stranger } = await signUp(world, identity, uniqueEmail('stranger'));
    expect(await failure(invite(owner, stranger.user.email))).toMatchObject({
      kind: 'conflict',
      code: 'EMAIL_TAKEN',
    });
  });

  it('validates the address with the sign-up message and lets only owners invite', async () => {
    const { owner, member } = await ownerWithMember();
    expect(await failure(invite(owner, 'not-an-email'))).toMatchObject({
      kind: 'validation',
      message: 'Incorrect email format',
      fields: [{ field: 'email', message: 'Incorrect email format' }],
    });
    expect(await failure(invite(member, uniqueEmail()))).toMatchObject({ kind: 'forbidden' });
    // A token naming another account than the caller's own record is refused.
    const forged = { ...callerOf(owner), accountId: member.user.id };
    expect(
      await failure(identity.call('inviteTeamMember', { caller: forged, email: uniqueEmail() })),
    ).toMatchObject({ kind: 'forbidden' });
  });

  it('a revoked invitation disappears from the list and its link stops working', async () => {
    const { session: owner } = await signUp(world, identity, uniqueEmail('owner'));
    const invited = await invite(owner, uniqueEmail('revoked'));
    const token = await latestToken(invited.id);
    await identity.call('revokeTeamInvite', { caller: callerOf(owner), id: invited.id });
    expect((await team(owner)).map((m) => m.id)).toEqual([owner.user.id]);
    expect(await failure(identity.call('lookupTeamInvite', { token }))).toMatchObject({
      code: 'INVITE_NOT_FOUND',
      message: 'This invitation is invalid or has expired',
    });
    expect(
      await failure(identity.call('revokeTeamInvite', { caller: callerOf(owner), id: invited.id })),
    ).toMatchObject({ kind: 'not_found' });
  });
});

describe('accepting', () => {
  it('looks the invitation up, then creates a signed-in AGENT of the owner’s account', async () => {
    const { session: owner } = await signUp(world, identity, uniqueEmail('owner'));
    const email = uniqueEmail('agent');
    const invited = await invite(owner, email);
    const token = await latestToken(invited.id);
    expect(await identity.call('lookupTeamInvite', { token })).toEqual({
      email,
      accountName: 'Ada Lovelace',
    });

    const member = await accept(token);
    expect(member.user).toMatchObject({
      email,
      fullname: 'Grace Hopper',
      role: 'AGENT',
      accountId: owner.user.id,
    });
    const jwks = createRemoteJWKSet(new URL(`${identity.httpUrl}/.well-known/jwks.json`));
    const { payload } = await jwtVerify(member.accessToken, jwks, {
      currentDate: new Date(identity.clock.now()),
    });
    expect(payload).toMatchObject({ sub: member.user.id, role: 'AGENT', acct: owner.user.id });

    const login = await identity.call<Session>('login', { email, password: 'Member_pass-1', client });
    expect(login.user.id).toBe(member.user.id);
    const members = await team(owner);
    expect(members).toEqual([
      expect.objectContaining({ id: owner.user.id, role: 'OWNER' }),
      expect.objectContaining({
        id: member.user.id,
        name: 'Grace Hopper',
        role: 'AGENT',
        status: 'active',
        invitedAt: invited.invitedAt,
      }),
    ]);
    expect(members[1]!.joinedAt).not.toBe('');
    // The member reads the same team.
    expect((await team(member)).map((m) => m.id)).toEqual([owner.user.id, member.user.id]);
  });

  it('a used token opens nothing', async () => {
    const { session: owner } = await signUp(world, identity, uniqueEmail('owner'));
    const invited = await invite(owner, uniqueEmail('once'));
    const token = await latestToken(invited.id);
    await accept(token);
    expect(await failure(accept(token))).toMatchObject({ kind: 'not_found', code: 'INVITE_NOT_FOUND' });
    expect(await failure(identity.call('lookupTeamInvite', { token }))).toMatchObject({
      code: 'INVITE_NOT_FOUND',
    });
  });

  it('an expired or forged token answers INVITE_NOT_FOUND', async () => {
    const { session: owner } = await signUp(world, identity, uniqueEmail('owner'));
    const invited = await invite(owner, uniqueEmail('late'));
    const token = await latestToken(invited.id);
    for (const bad of ['', 'nonsense', `${invited.id}.wrong-secret`, `${token}x`]) {
      expect(await failure(identity.call('lookupTeamInvite', { token: bad }))).toMatchObject({
        kind: 'not_found',
        message: 'This invitation is invalid or has expired',
      });
    }
    identity.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    expect(await failure(accept(token))).toMatchObject({ kind: 'not_found', code: 'INVITE_NOT_FOUND' });
  });

  it('checks the name and password like sign-up', async () => {
    const { session: owner } = await signUp(world, identity, uniqueEmail('owner'));
    const token = await latestToken((await invite(owner, uniqueEmail('rules'))).id);
    expect(
      await failure(accept(token, { fullname: 'Al', password: 'short', confirmPassword: 'other' })),
    ).toMatchObject({
      kind: 'validation',
      message: 'your full name must be atleast 4 characters long',
      fields: [
        { field: 'fullname', message: 'your full name must be atleast 4 characters long' },
        { field: 'password', message: 'Your password must be atleast 8 characters long' },
        { field: 'confirmPassword', message: 'passwords do not match' },
      ],
    });
  });
});

describe('removing', () => {
  it('ends the member: no log-in, no refresh, gone from the list, TeamMemberRemoved recorded', async () => {
    const { owner, member, memberEmail } = await ownerWithMember();
    await identity.call('removeTeamMember', { caller: callerOf(owner), id: member.user.id });

    expect(
      await failure(identity.call('login', { email: memberEmail, password: 'Member_pass-1', client })),
    ).toMatchObject({ kind: 'unauthenticated', code: 'INVALID_CREDENTIALS' });
    expect(
      await failure(identity.call('refresh', { refreshToken: member.refreshToken, client })),
    ).toMatchObject({ kind: 'unauthenticated', code: 'SESSION_REVOKED' });
    expect((await team(owner)).map((m) => m.id)).toEqual([owner.user.id]);
    expect(await failure(team(member))).toMatchObject({ kind: 'forbidden' });

    const removed = (await eventsOf(world, 'user', member.user.id)).find(
      (e) => e.type === 'identity.TeamMemberRemoved',
    );
    expect(removed?.data).toEqual({
      accountId: owner.user.id,
      userId: member.user.id,
      removedAt: expect.any(String),
    });

    // Removing again changes nothing; the address can be invited again.
    await identity.call('removeTeamMember', { caller: callerOf(owner), id: member.user.id });
    expect((await invite(owner, memberEmail)).status).toBe('invited');
  });

  it('keeps tenants apart: another owner cannot remove, revoke or see this team', async () => {
    const { owner, member } = await ownerWithMember();
    const pending = await invite(owner, uniqueEmail('pending'));
    const { session: other } = await signUp(world, identity, uniqueEmail('other'));
    expect(
      await failure(identity.call('removeTeamMember', { caller: callerOf(other), id: member.user.id })),
    ).toMatchObject({ kind: 'not_found', code: 'MEMBER_NOT_FOUND' });
    expect(
      await failure(identity.call('removeTeamMember', { caller: callerOf(owner), id: owner.user.id })),
    ).toMatchObject({ kind: 'not_found', code: 'MEMBER_NOT_FOUND' });
    expect(
      await failure(identity.call('revokeTeamInvite', { caller: callerOf(other), id: pending.id })),
    ).toMatchObject({ kind: 'not_found' });
    expect((await team(other)).map((m) => m.id)).toEqual([other.user.id]);
    expect(
      await failure(identity.call('removeTeamMember', { caller: callerOf(member), id: member.user.id })),
    ).toMatchObject({
      kind: 'forbidden',
    });
    // An agent sees invitations without their addresses.
    expect((await team(member)).find((m) => m.id === pending.id)).toMatchObject({
      status: 'invited',
      email: '',
    });
  });
});
