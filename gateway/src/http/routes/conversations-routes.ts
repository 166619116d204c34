import { AppError } from '@parley/contracts';
import {
  conversationsQuerySchema,
  liveModeSchema,
  shareRoomSchema,
  teamMessageSchema,
} from '@parley/contracts/validation';
import { Router, type Request, type Response } from 'express';
import { principalOf, serviceCallerOf } from '../../auth/caller';
import { requireAuth, requireRole } from '../../auth/guards';
import type { RouteDeps } from '../deps';
import { callContext } from '../request-facts';
import { parseBody, withBody } from '../validation';
import {
  bookingView,
  customerAnswerView,
  needsProductCards,
  ownerMessageView,
  productCardsFor,
  roomSummariesView,
  roomSummaryView,
  type TeamPresence,
} from './conversation-views';
import { sendRevisionedRead } from './revisioned-read';

type ConversationsDeps = Pick<
  RouteDeps,
  'conversations' | 'content' | 'identity' | 'memberName' | 'presence' | 'recordTeamActivity' | 'teamReads'
>;

const memberNotFound = () => new AppError('not_found', 'Team member not found', [], 'MEMBER_NOT_FOUND');

/**
 * /api/conversations: the team side of the chats (docs/api/conversations.md). Owners and admins
 * reach every room of their account, agents the rooms shared with them; conversations decides
 * (404 for another account's room, 403 NO_ROOM_ACCESS for one an agent may not reach).
 */
export function conversationsRoutes(deps: ConversationsDeps): Router {
  const { conversations, content, identity, memberName, presence, recordTeamActivity, teamReads } = deps;
  const router = Router();
  router.use(requireAuth);
  const ctx = (req: Request) => callContext(req);
  const roomIdOf = (req: Request) => String(req.params.roomId);

  router.get('/', async (req, res) => {
    const query = parseBody(conversationsQuerySchema, {
      filter: req.query.filter,
      domainId: req.query.domainId,
      limit: req.query.limit,
      cursor: req.query.cursor,
    });
    const caller = serviceCallerOf(res);
    const request = {
      filter: query.filter,
      domainId: query.domainId ?? '',
      limit: query.limit,
      cursor: query.cursor ?? '',
    };
    const read = ['list', request.filter, request.domainId, request.limit ?? 0, request.cursor] as const;
    await sendRevisionedRead(
      teamReads,
      caller,
      read,
      (ifRevision) => conversations.listRooms(caller, { ...request, ifRevision }, ctx(req)),
      async (page) => ({
        body: { data: await roomSummariesView(content, page.rooms, ctx(req)), nextCursor: page.nextCursor },
        // Product cards show the content service's products, which the revision does not cover.
        onlyConversations: !needsProductCards(page.rooms),
      }),
      req,
      res,
    );
  });

  // One row of the list: the open chat's, when the pages loaded so far do not hold it (a link).
  router.get('/:roomId', async (req, res) => {
    const room = await conversations.getRoom(serviceCallerOf(res), roomIdOf(req), ctx(req));
    const [summary] = await roomSummariesView(content, [room], ctx(req));
    res.set('Cache-Control', 'no-store').json({ data: summary });
  });

  router.get('/:roomId/messages', async (req, res) => {
    const caller = serviceCallerOf(res);
    const roomId = roomIdOf(req);
    // The spec's call always sends include_bot=true; only an explicit false leaves the bot out.
    const includeBot = req.query.include_bot !== 'false';
    await sendRevisionedRead(
      teamReads,
      caller,
      ['messages', roomId, includeBot],
      (ifRevision) => conversations.getRoomMessages(caller, { roomId, includeBot, ifRevision }, ctx(req)),
      async ({ room, messages }) => {
        const cards = await productCardsFor(content, room?.domainId ?? '', messages, ctx(req));
        return {
          body: {
            messages: messages.map((m) => ownerMessageView(m, cards)),
            live: room?.live ?? false,
            customerEmail: room?.customerEmail || null,
          },
          // Product cards show the content service's products, which the revision does not cover.
          onlyConversations: !messages.some((m) => m.productIds.length > 0),
        };
      },
      req,
      res,
    );
  });

  router.post(
    '/:roomId/messages',
    withBody(teamMessageSchema, async (input, req, res) => {
      const caller = serviceCallerOf(res);
      const posted = await conversations.postTeamMessage(
        caller,
        {
          roomId: roomIdOf(req),
          content: input.content,
          memberName: await memberName(caller.userId),
          isNote: input.isNote,
          noteType: input.noteType ?? '',
          link: input.link ?? '',
          productIds: input.productIds,
          clientId: input.clientId ?? '',
        },
        ctx(req),
      );
      if (!posted.message) throw new AppError('internal', 'conversations answered no message');
      const cards = await productCardsFor(content, posted.room?.domainId ?? '', [posted.message], ctx(req));
      res.status(201).json({ data: ownerMessageView(posted.message, cards) });
    }),
  );

  router.post(
    '/:roomId/live',
    withBody(liveModeSchema, async (input, req, res) => {
      const room = await conversations.setLiveMode(
        serviceCallerOf(res),
        { roomId: roomIdOf(req), live: input.live },
        ctx(req),
      );
      res.json({ data: roomSummaryView(room) });
    }),
  );

  router.post('/:roomId/seen', async (req, res) => {
    await conversations.markSeenByTeam(serviceCallerOf(res), roomIdOf(req), ctx(req));
    res.status(204).end();
  });

  router.post(
    '/:roomId/share',
    requireRole('OWNER', 'ADMIN'),
    withBody(shareRoomSchema, async (input, req, res) => {
      const caller = serviceCallerOf(res);
      // Only an active agent of the caller's own account can be given a room (identity's team
      // list: a removed member is not in it); anyone else reads as missing.
      const team = await identity.listTeam(caller, ctx(req));
      const member = team.find((m) => m.id === input.memberId && m.role === 'AGENT' && m.status === 'active');
      if (!member) throw memberNotFound();
      const room = await conversations.shareRoom(
        caller,
        { roomId: roomIdOf(req), memberId: member.id },
        ctx(req),
      );
      res.json({ data: roomSummaryView(room) });
    }),
  );

  router.delete('/:roomId/share/:memberId', requireRole('OWNER', 'ADMIN'), async (req, res) => {
    const room = await conversations.unshareRoom(
      serviceCallerOf(res),
      { roomId: roomIdOf(req), memberId: String(req.params.memberId) },
      ctx(req),
    );
    res.json({ data: roomSummaryView(room) });
  });

  router.get('/:roomId/team-access', async (req, res) => {
    const hasAccess = await conversations.checkRoomAccess(serviceCallerOf(res), roomIdOf(req), ctx(req));
    res.set('Cache-Control', 'no-store').json({ hasAccess });
  });

  /** 404 for a room the caller cannot reach: presence says nothing about rooms one may not see. */
  const requireAccess = async (req: Request, res: Response) => {
    if (!(await conversations.checkRoomAccess(serviceCallerOf(res), roomIdOf(req), ctx(req)))) {
      throw new AppError('not_found', 'Conversation not found', [], 'ROOM_NOT_FOUND');
    }
  };

  router.post('/:roomId/team-activity', async (req, res) => {
    await requireAccess(req, res);
    await recordTeamActivity(principalOf(res), roomIdOf(req));
    res.status(204).end();
  });

  router.get('/:roomId/presence', async (req, res) => {
    const caller = serviceCallerOf(res);
    const room = await conversations.getRoom(caller, roomIdOf(req), ctx(req));
    // Who of the account was active lately and may see this room: the owner (whose id is the
    // account's) and the members it is shared with.
    const mayReach = new Set([caller.accountId, ...(room.sharedWith ?? [])]);
    const active = await presence.lastActive(caller.accountId, [...mayReach]);
    const data: TeamPresence[] = await Promise.all(
      [...active].map(async ([id, lastActive]) => ({
        id,
        name: await memberName(id).catch(() => ''),
        lastActive: new Date(lastActive).toISOString(),
      })),
    );
    data.sort((a, b) => b.lastActive.localeCompare(a.lastActive));
    res.set('Cache-Control', 'no-store').json({ data });
  });

  router.get('/:roomId/customer', async (req, res) => {
    const customer = await conversations.getRoomCustomer(serviceCallerOf(res), roomIdOf(req), ctx(req));
    res.set('Cache-Control', 'no-store').json({
      data: {
        customerId: customer.customerId,
        email: customer.email || null,
        answers: customer.answers.map(customerAnswerView),
        bookings: customer.bookings.map(bookingView),
        createdAt: customer.createdAt,
      },
    });
  });

  return router;
}
