import { AppError } from '@parley/contracts';
import { acceptInviteSchema, teamInviteSchema } from '@parley/contracts/validation';
import { Router, type Request, type Response } from 'express';
import { serviceCallerOf } from '../../auth/caller';
import { requireAuth, requireRole } from '../../auth/guards';
import type { RemovedMembers } from '../../auth/removed-members';
import type { ProtoTeamMember } from '../../clients/identity-types';
import type { PresenceStore } from '../../presence/presence-store';
import type { RouteDeps } from '../deps';
import { callContext, clientInfo, clientKey, deviceCookieOf } from '../request-facts';
import { replyWithSession } from '../session-reply';
import { loginDisabledError } from '../system-settings-guards';
import { withBody } from '../validation';

export interface TeamMemberView {
  id: string;
  name: string;
  email: string;
  role: string;
  status: 'active' | 'invited';
  invitedAt: string;
  joinedAt: string | null;
  /** Last activity within the presence window (ISO), else null. */
  lastActive: string | null;
  /** When an invitation's link stops working; null for members. */
  expiresAt: string | null;
}

const view = (m: ProtoTeamMember, lastActive: number | undefined): TeamMemberView => ({
  id: m.id,
  name: m.name,
  email: m.email,
  role: m.role,
  status: m.status === 'invited' ? 'invited' : 'active',
  invitedAt: m.invitedAt,
  joinedAt: m.joinedAt || null,
  lastActive: lastActive === undefined ? null : new Date(lastActive).toISOString(),
  expiresAt: m.expiresAt || null,
});

const inviteNotFound = () =>
  new AppError('not_found', 'This invitation is invalid or has expired', [], 'INVITE_NOT_FOUND');

/**
 * The team (docs/api/conversations.md, "Team (identity)"): owners invite, revoke and remove;
 * every member reads the list with presence; the invitee looks up and accepts without a session.
 * Identity checks the caller against its own records and answers another account's ids as 404.
 */
export function teamRoutes(
  deps: Pick<RouteDeps, 'identity' | 'rateLimits' | 'cookieSecure' | 'settings'> & {
    presence: PresenceStore;
    removedMembers: RemovedMembers;
    disconnectUser(userId: string): void;
  },
): Router {
  const { identity, presence, removedMembers, disconnectUser, rateLimits, cookieSecure, settings } = deps;
  const router = Router();

  // Public: the accept page, opened from the mailed link.
  router.get('/invites/lookup', async (req: Request, res: Response) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    if (!token) throw inviteNotFound();
    const data = await identity.lookupTeamInvite({ token }, callContext(req));
    res.set('Cache-Control', 'no-store').json({ data: { email: data.email, accountName: data.accountName } });
  });

  router.post(
    '/invites/accept',
    withBody(acceptInviteSchema, async (input, req, res) => {
      // Accepting hashes a password: limited per client like completing a sign-up.
      await rateLimits.consume('complete', clientKey(req));
      // Accepting signs the member in: while log-in is switched off, the invitation waits unused.
      if (!(await settings.get()).loginEnabled) throw loginDisabledError();
      const session = await identity.acceptTeamInvite(
        { ...input, client: clientInfo(req), deviceToken: deviceCookieOf(req) },
        callContext(req),
      );
      replyWithSession(res, 200, session, cookieSecure);
    }),
  );

  router.get('/', requireAuth, async (req, res) => {
    const caller = serviceCallerOf(res);
    const members = await identity.listTeam(caller, callContext(req));
    const active = await presence.lastActive(
      caller.accountId,
      members.filter((m) => m.status === 'active').map((m) => m.id),
    );
    res.set('Cache-Control', 'no-store').json({ data: members.map((m) => view(m, active.get(m.id))) });
  });

  // The conversation page's share dialog: the account's agents, nothing more.
  router.get('/members', requireAuth, async (req, res) => {
    const members = await identity.listTeam(serviceCallerOf(res), callContext(req));
    const data = members
      .filter((m) => m.status === 'active' && m.role === 'AGENT')
      .map((m) => ({ id: m.id, name: m.name }));
    res.set('Cache-Control', 'no-store').json({ data });
  });

  router.post(
    '/invites',
    requireRole('OWNER'),
    withBody(teamInviteSchema, async (input, req, res) => {
      const member = await identity.inviteTeamMember(
        { caller: serviceCallerOf(res), email: input.email },
        callContext(req),
      );
      res.status(201).json({ data: view(member, undefined) });
    }),
  );

  router.delete('/invites/:id', requireRole('OWNER'), async (req, res) => {
    await identity.revokeTeamInvite(
      { caller: serviceCallerOf(res), id: String(req.params.id) },
      callContext(req),
    );
    res.status(204).end();
  });

  router.delete('/members/:id', requireRole('OWNER'), async (req, res) => {
    const id = String(req.params.id);
    await identity.removeTeamMember({ caller: serviceCallerOf(res), id }, callContext(req));
    // After identity agreed: only a real member of this account is ever marked.
    await removedMembers.mark(id);
    // Open sockets passed their handshake before the mark; close them so the refusal applies now.
    disconnectUser(id);
    res.status(204).end();
  });

  return router;
}
