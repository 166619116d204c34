import type { SubscribeAck } from '@parley/contracts';
import type { Principal } from '../auth/claims';
import type { Visitor as VisitorIdentity } from '../auth/visitor-token';
import { InternalRoom, type ParsedChannel } from './channels';

export type { VisitorIdentity };

/** Who a socket belongs to: a team member (dashboard token) or a visitor (visitor token). */
export type SocketIdentity =
  { kind: 'team'; principal: Principal } | { kind: 'visitor'; visitor: VisitorIdentity };

/** What the gateway asks conversations before letting a socket join a room's channels. */
export interface RoomAccessSource {
  /** CheckRoomAccess: false for a room of another account or one an agent may not reach. */
  teamHasAccess(principal: Principal, roomId: string): Promise<boolean>;
  /** The visitor's current room id (the latest opened under their key), or null before their first message. */
  visitorRoomId(visitor: VisitorIdentity): Promise<string | null>;
}

export type ChannelDecision = { ok: true; room: string } | Extract<SubscribeAck, { ok: false }>;

/**
 * The internal room behind `channel` for `who`, without asking anyone (undefined: chat-global is
 * the team's only). Owners and admins get the account's chat-global, agents their own, which
 * carries only rooms shared with them; a room's messages go to a per-side internal room.
 */
export function internalRoomOf(who: SocketIdentity, channel: ParsedChannel): string | undefined {
  switch (channel.kind) {
    case 'global':
      if (who.kind !== 'team') return undefined;
      return who.principal.role === 'AGENT'
        ? InternalRoom.agentGlobal(who.principal.userId)
        : InternalRoom.accountGlobal(who.principal.accountId);
    case 'room':
      return InternalRoom.room(channel.roomId, who.kind);
    case 'mode':
      return InternalRoom.mode(channel.roomId);
    case 'presence':
      return InternalRoom.presence(channel.roomId);
  }
}

/**
 * Which internal room a subscribe joins (internalRoomOf), or why not. A room's channels need
 * access (team) or to be the visitor's own room, and `-presence` is never a visitor's. A source
 * failure answers 'unavailable' (the client retries), never a guess.
 */
export async function decideChannel(
  who: SocketIdentity,
  channel: ParsedChannel,
  access: RoomAccessSource,
): Promise<ChannelDecision> {
  const room = internalRoomOf(who, channel);
  if (!room) return { ok: false, error: 'forbidden' };
  if (channel.kind === 'global') return { ok: true, room };
  const { roomId } = channel;
  if (who.kind === 'visitor' && channel.kind === 'presence') return { ok: false, error: 'forbidden' };
  let allowed: boolean;
  try {
    allowed =
      who.kind === 'team'
        ? await access.teamHasAccess(who.principal, roomId)
        : (await access.visitorRoomId(who.visitor)) === roomId;
  } catch {
    return { ok: false, error: 'unavailable' };
  }
  if (!allowed) return { ok: false, error: 'forbidden' };
  return { ok: true, room };
}

/**
 * Remembers granted access briefly, so a dashboard subscribing to a room's three channels (and
 * resubscribing after every reconnect) asks conversations once. The question in flight is shared
 * too: the dashboard subscribes to those channels at once, the widget to two. Refusals and
 * failures are not remembered: a room shared a moment ago must be joinable at once. Revocation is
 * not delayed either: the relay makes an unshared agent's sockets leave the room's internal rooms
 * and forgets the grant (an answer still in flight then is not kept).
 */
export function cachedRoomAccess(
  source: RoomAccessSource,
  options: { ttlMs: number; maxEntries?: number; now?: () => number },
): RoomAccessSource & { forget(userId: string, roomId: string): void } {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  // `until` is Infinity while the answer is in flight: the ttl runs from the answer.
  const entries = new Map<string, { until: number; answer: Promise<unknown> }>();
  const shared = <T>(key: string, ask: () => Promise<T>, keep: (answer: T) => boolean): Promise<T> => {
    const hit = entries.get(key);
    if (hit && hit.until > now()) return hit.answer as Promise<T>;
    entries.delete(key);
    // Oldest first out: a Map iterates in insertion order.
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    const entry = { until: Infinity, answer: ask() as Promise<unknown> };
    entries.set(key, entry);
    // Only the entry this call made is settled: a forgotten or evicted one stays gone.
    const settle = (granted: boolean) => {
      if (entries.get(key) !== entry) return;
      if (granted) entry.until = now() + options.ttlMs;
      else entries.delete(key);
    };
    entry.answer.then(
      (answer) => settle(keep(answer as T)),
      () => settle(false),
    );
    return entry.answer as Promise<T>;
  };
  const teamKey = (userId: string, roomId: string) => `t:${userId}:${roomId}`;
  return {
    teamHasAccess(principal, roomId) {
      // Role and account are part of the grant: a token with another role is asked anew.
      const key = `${teamKey(principal.userId, roomId)}:${principal.accountId}:${principal.role}`;
      return shared(key, () => source.teamHasAccess(principal, roomId), Boolean);
    },
    visitorRoomId(visitor) {
      // Per key: two browsers of one customer (the same email) reach different rooms.
      const key = `v:${visitor.customerId}:${visitor.domainId}:${visitor.accountId}:${visitor.keyId}`;
      return shared(key, () => source.visitorRoomId(visitor), Boolean);
    },
    forget(userId, roomId) {
      const prefix = `${teamKey(userId, roomId)}:`;
      for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
    },
  };
}
