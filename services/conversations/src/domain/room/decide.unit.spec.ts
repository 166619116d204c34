import { LIVE_SUPPORT_ENABLED_TEXT, type AppError } from '@parley/contracts';
import { deciderSpec } from '@parley/testing';
import type { Actor } from '../shared/access';
import type { NewMessage } from './commands';
import { roomDecider } from './decide';
import type { RoomEvent } from './events';
import { RoomEventType as T } from './events';
import { isSeen, isUnread } from './state';

const T0 = Date.parse('2030-01-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const spec = deciderSpec(roomDecider);

const scope = { accountId: 'a1', domainId: 'd1', customerId: 'c1' };
const audience = (sharedWith: string[] = [], customerId = 'c1') => ({ ...scope, customerId, sharedWith });
const visitor: Actor = { kind: 'visitor', customerId: 'c1', domainId: 'd1' };
const owner: Actor = { kind: 'team', userId: 'u1', role: 'OWNER', accountId: 'a1' };
const admin: Actor = { kind: 'team', userId: 'u9', role: 'ADMIN', accountId: 'a1' };
const agent: Actor = { kind: 'team', userId: 'g1', role: 'AGENT', accountId: 'a1' };
const stranger: Actor = { kind: 'team', userId: 'x1', role: 'OWNER', accountId: 'a2' };
const service: Actor = { kind: 'service' };

const visitorMessage = (id: string, clientId?: string): NewMessage => ({
  messageId: id,
  ...(clientId ? { clientId } : {}),
  role: 'user',
  author: 'visitor',
  content: `hello ${id}`,
  isNote: false,
  productIds: [],
});
const teamMessage = (id: string, extra: Partial<NewMessage> = {}): NewMessage => ({
  messageId: id,
  role: 'assistant',
  author: 'team',
  content: `reply ${id}`,
  teamMemberId: 'u1',
  teamMemberName: 'Olivia',
  isNote: false,
  productIds: [],
  ...extra,
});

const opened: RoomEvent = { type: T.Opened, data: { roomId: 'r1', audience: audience(), openedAt: iso(T0) } };
const posted = (m: NewMessage, sharedWith: string[] = []): RoomEvent => ({
  type: T.MessagePosted,
  data: {
    roomId: 'r1',
    audience: audience(sharedWith),
    messageId: m.messageId,
    ...(m.clientId ? { clientId: m.clientId } : {}),
    role: m.role,
    author: m.author,
    content: m.content,
    ...(m.teamMemberId ? { teamMemberId: m.teamMemberId } : {}),
    ...(m.teamMemberName ? { teamMemberName: m.teamMemberName } : {}),
    isNote: m.isNote,
    ...(m.isNote && m.noteType ? { noteType: m.noteType } : {}),
    productIds: m.productIds,
    postedAt: iso(T0),
  },
});
const shared = (memberId: string, sharedWith: string[]): RoomEvent => ({
  type: T.Shared,
  data: { roomId: 'r1', audience: audience(sharedWith), memberId, sharedBy: 'u1', at: iso(T0) },
});
const open = { roomId: 'r1', ...scope };

describe('room: PostMessage', () => {
  it('opens the room with the first visitor message, in one decision', () => {
    const state = spec
      .given([])
      .when({ type: 'PostMessage', actor: visitor, open, message: visitorMessage('m1', 'k1'), now: T0 })
      .then([opened, posted(visitorMessage('m1', 'k1'))]);
    expect(state).toMatchObject({ status: 'open', customerId: 'c1', sharedWith: [] });
    expect(isUnread(state)).toBe(true);
  });

  it("stays unread for the team after the assistant's answer, and is read after a team reply", () => {
    const fold = (events: RoomEvent[]) => events.reduce(roomDecider.evolve, roomDecider.initialState);
    const bot: NewMessage = {
      ...teamMessage('m2'),
      author: 'bot',
      teamMemberId: undefined,
      teamMemberName: undefined,
    };
    const asked = [opened, posted(visitorMessage('m1', 'k1'))];
    expect(isUnread(fold([...asked, posted(bot)]))).toBe(true);
    expect(isUnread(fold([...asked, posted(bot), posted(teamMessage('m3'))]))).toBe(false);
    expect(
      isUnread(fold([...asked, posted(bot), posted(teamMessage('m3')), posted(visitorMessage('m4'))])),
    ).toBe(true);
  });

  it('refuses a message to a room that does not exist when nothing may open it', () => {
    spec
      .given([])
      .when({ type: 'PostMessage', actor: owner, message: teamMessage('m1'), now: T0 })
      .thenThrows('ROOM_NOT_FOUND');
  });

  it('records nothing for a retried send with the same client id', () => {
    spec
      .given([opened, posted(visitorMessage('m1', 'k1'))])
      .when({ type: 'PostMessage', actor: visitor, open, message: visitorMessage('m2', 'k1'), now: T0 })
      .then([]);
  });

  it('posts a team reply with the member and a note with its type', () => {
    spec
      .given([opened])
      .when({ type: 'PostMessage', actor: owner, message: teamMessage('m2'), now: T0 })
      .then([posted(teamMessage('m2'))]);
    const note = teamMessage('m3', { isNote: true, noteType: 'transfer' });
    spec
      .given([opened])
      .when({ type: 'PostMessage', actor: admin, message: note, now: T0 })
      .then([posted(note)]);
  });

  it('lets an agent post only in a room shared with them', () => {
    const error = spec
      .given([opened])
      .when({ type: 'PostMessage', actor: agent, message: teamMessage('m2'), now: T0 })
      .thenThrows('NO_ROOM_ACCESS') as AppError;
    expect(error.kind).toBe('forbidden');
    spec
      .given([opened, shared('g1', ['g1'])])
      .when({ type: 'PostMessage', actor: agent, message: teamMessage('m2'), now: T0 })
      .then([posted(teamMessage('m2'), ['g1'])]);
  });

  it('answers another account and another visitor as not found', () => {
    spec
      .given([opened])
      .when({ type: 'PostMessage', actor: stranger, message: teamMessage('m2'), now: T0 })
      .thenThrows('ROOM_NOT_FOUND');
    spec
      .given([opened])
      .when({
        type: 'PostMessage',
        actor: { kind: 'visitor', customerId: 'c2', domainId: 'd1' },
        message: visitorMessage('m2'),
        now: T0,
      })
      .thenThrows('not_found');
  });
});

describe('room: SetLiveMode', () => {
  const liveOn = (changedBy: string, reason?: string): RoomEvent => ({
    type: T.LiveModeChanged,
    data: {
      roomId: 'r1',
      audience: audience(),
      live: true,
      changedBy,
      ...(reason ? { reason } : {}),
      changedAt: iso(T0),
    },
  });
  const notice: NewMessage = {
    messageId: 's1',
    role: 'assistant',
    author: 'system',
    content: LIVE_SUPPORT_ENABLED_TEXT,
    isNote: false,
    productIds: [],
  };

  it('turns live on with the system message, and records nothing the second time', () => {
    const state = spec
      .given([opened])
      .when({
        type: 'SetLiveMode',
        actor: owner,
        live: true,
        changedBy: 'u1',
        systemMessageId: 's1',
        now: T0,
      })
      .then([liveOn('u1'), posted(notice)]);
    expect(state.live).toBe(true);
    spec
      .given([opened, liveOn('u1')])
      .when({
        type: 'SetLiveMode',
        actor: owner,
        live: true,
        changedBy: 'u1',
        systemMessageId: 's2',
        now: T0,
      })
      .then([]);
  });

  it('turns live off without a message', () => {
    spec
      .given([opened, liveOn('u1')])
      .when({
        type: 'SetLiveMode',
        actor: owner,
        live: false,
        changedBy: 'u1',
        systemMessageId: 's2',
        now: T0,
      })
      .then([
        {
          type: T.LiveModeChanged,
          data: { roomId: 'r1', audience: audience(), live: false, changedBy: 'u1', changedAt: iso(T0) },
        },
      ]);
  });

  it('records a handoff by the assistant with its reason', () => {
    spec
      .given([opened])
      .when({
        type: 'SetLiveMode',
        actor: service,
        live: true,
        changedBy: 'assistant',
        reason: 'asked for a human',
        systemMessageId: 's1',
        now: T0,
      })
      .then([liveOn('assistant', 'asked for a human'), posted(notice)]);
  });

  it('refuses an agent without the room, and the visitor', () => {
    spec
      .given([opened])
      .when({
        type: 'SetLiveMode',
        actor: agent,
        live: true,
        changedBy: 'g1',
        systemMessageId: 's1',
        now: T0,
      })
      .thenThrows('NO_ROOM_ACCESS');
    spec
      .given([opened])
      .when({
        type: 'SetLiveMode',
        actor: visitor,
        live: true,
        changedBy: 'c1',
        systemMessageId: 's1',
        now: T0,
      })
      .thenThrows('ROOM_NOT_FOUND');
  });
});

describe('room: MarkSeen', () => {
  const history = [
    opened,
    posted(visitorMessage('m1')),
    posted(teamMessage('m2')),
    posted(visitorMessage('m3')),
  ];

  it('marks the customer messages seen by the team up to the latest', () => {
    const state = spec
      .given(history)
      .when({ type: 'MarkSeen', actor: owner, by: 'team', now: T0 })
      .then([
        {
          type: T.Seen,
          data: { roomId: 'r1', audience: audience(), by: 'team', upToMessageId: 'm3', seenAt: iso(T0) },
        },
      ]);
    expect(isUnread(state)).toBe(false);
    expect([isSeen(state, 0), isSeen(state, 1), isSeen(state, 2)]).toEqual([true, false, true]);
    spec
      .given([
        ...history,
        {
          type: T.Seen,
          data: { roomId: 'r1', audience: audience(), by: 'team', upToMessageId: 'm3', seenAt: iso(T0) },
        },
      ])
      .when({ type: 'MarkSeen', actor: owner, by: 'team', now: T0 })
      .then([]);
  });

  it('marks the team messages seen by the visitor, never counting notes', () => {
    const note = teamMessage('m4', { isNote: true, noteType: 'internal' });
    spec
      .given([...history, posted(note)])
      .when({ type: 'MarkSeen', actor: visitor, by: 'visitor', now: T0 })
      .then([
        {
          type: T.Seen,
          data: { roomId: 'r1', audience: audience(), by: 'visitor', upToMessageId: 'm2', seenAt: iso(T0) },
        },
      ]);
  });

  it('records nothing when there is nothing of the other side', () => {
    spec
      .given([opened, posted(visitorMessage('m1'))])
      .when({ type: 'MarkSeen', actor: visitor, by: 'visitor', now: T0 })
      .then([]);
  });
});

describe('room: sharing', () => {
  it('shares with a member (audience after the event), once', () => {
    const state = spec
      .given([opened])
      .when({ type: 'Share', actor: owner, memberId: 'g1', now: T0 })
      .then([shared('g1', ['g1'])]);
    expect(state.sharedWith).toEqual(['g1']);
    spec
      .given([opened, shared('g1', ['g1'])])
      .when({ type: 'Share', actor: admin, memberId: 'g1', now: T0 })
      .then([]);
  });

  it('unshares, with the member gone from the audience', () => {
    const state = spec
      .given([opened, shared('g1', ['g1'])])
      .when({ type: 'Unshare', actor: service, memberId: 'g1', now: T0 })
      .then([
        {
          type: T.Unshared,
          data: { roomId: 'r1', audience: audience([]), memberId: 'g1', sharedBy: 'system', at: iso(T0) },
        },
      ]);
    expect(state.sharedWith).toEqual([]);
    spec.given([opened]).when({ type: 'Unshare', actor: owner, memberId: 'g1', now: T0 }).then([]);
  });

  it('refuses agents (even with the room) and other accounts', () => {
    spec
      .given([opened, shared('g1', ['g1'])])
      .when({ type: 'Share', actor: agent, memberId: 'g2', now: T0 })
      .thenThrows('OWNER_ONLY');
    spec
      .given([opened])
      .when({ type: 'Share', actor: stranger, memberId: 'g2', now: T0 })
      .thenThrows('ROOM_NOT_FOUND');
  });
});

describe('room: mailed and reassigned', () => {
  it('records the owner mail once', () => {
    const mailed: RoomEvent = {
      type: T.Mailed,
      data: { roomId: 'r1', audience: audience(), mailedAt: iso(T0) },
    };
    spec.given([opened]).when({ type: 'MarkMailed', now: T0 }).then([mailed]);
    spec.given([opened, mailed]).when({ type: 'MarkMailed', now: T0 }).then([]);
    spec.given([]).when({ type: 'MarkMailed', now: T0 }).thenThrows('ROOM_NOT_FOUND');
  });

  it('moves the room to another customer, with the new customer in the audience', () => {
    const state = spec
      .given([opened])
      .when({ type: 'Reassign', fromCustomerId: 'c1', toCustomerId: 'c2', now: T0 })
      .then([
        {
          type: T.Reassigned,
          data: { roomId: 'r1', audience: audience([], 'c2'), fromCustomerId: 'c1', at: iso(T0) },
        },
      ]);
    expect(state.customerId).toBe('c2');
    spec
      .given([opened])
      .when({ type: 'Reassign', fromCustomerId: 'c0', toCustomerId: 'c1', now: T0 })
      .then([]);
  });
});
