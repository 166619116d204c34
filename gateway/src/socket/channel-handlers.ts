import {
  ClientSocketEvent,
  RealtimeEventName,
  roomChannel,
  TYPING_RESET_MS,
  type RealtimeEnvelope,
  type SubscribeAck,
  type TypingStatus,
} from '@parley/contracts';
import { findUnsafeText } from '@parley/contracts/validation';
import type { Logger } from '@parley/logger';
import type { Socket } from 'socket.io';
import { z } from 'zod';
import {
  decideChannel,
  internalRoomOf,
  type RoomAccessSource,
  type SocketIdentity,
} from '../realtime/channel-access';
import type { AssistantActivity } from '../realtime/assistant-activity';
import { activityEmissions } from '../realtime/assistant-activity-replay';
import { InternalRoom, parseChannel } from '../realtime/channels';
import { isCursor, type BufferedEvent, type ReplayBuffer } from '../realtime/replay-buffer';
import type { RecordTeamActivity } from '../realtime/team-activity';

export interface ChannelHandlerDeps {
  access: RoomAccessSource & { forget?(userId: string, roomId: string): void };
  buffer: ReplayBuffer;
  recordTeamActivity: RecordTeamActivity;
  emitToRoom(room: string, event: string, envelope: RealtimeEnvelope<unknown>): void;
  logger: Logger;
  /** Spec: back to not-typing this long after the last 'typing' without a newer one. */
  typingResetMs?: number;
  /** The assistant's typing and draft, replayed to a socket that subscribes to a room's channel. */
  assistantActivity?: Pick<AssistantActivity, 'current'>;
}

type Ack = (answer: unknown) => void;
type SimpleAck = { ok: true } | { ok: false; error: 'forbidden' | 'invalid' | 'unavailable' };

const subscribeSchema = z.object({ channel: z.string().max(200), since: z.string().max(60).optional() });
const unsubscribeSchema = z.object({ channel: z.string().max(200) });
const typingSchema = z.object({ roomId: z.string().max(100), isTyping: z.boolean() });
const activitySchema = z.object({ roomId: z.string().max(100) });

/** A payload its schema accepts and with no NUL or unpaired surrogate anywhere (docs/api.md). */
const parsePayload = <S extends z.ZodType>(schema: S, payload: unknown) =>
  findUnsafeText(payload) === undefined ? schema.safeParse(payload) : { success: false as const };

const INVALID = { ok: false, error: 'invalid' } as const;
const FORBIDDEN = { ok: false, error: 'forbidden' } as const;
const UNAVAILABLE = { ok: false, error: 'unavailable' } as const;

const side = (who: SocketIdentity) => who.kind;
const otherSide = (who: SocketIdentity) => (who.kind === 'team' ? 'visitor' : 'team');

/**
 * The client -> server events of the realtime protocol (@parley/contracts realtime.ts) on one
 * socket. Membership of internal rooms is the only per-socket state besides typing timers, so an
 * idle socket costs nothing here; `socket.rooms` is what was authorised.
 */
export function registerChannelHandlers(socket: Socket, deps: ChannelHandlerDeps): void {
  const who = (socket.data as { who: SocketIdentity }).who;
  const typingResetMs = deps.typingResetMs ?? TYPING_RESET_MS;
  let typingTimers: Map<string, NodeJS.Timeout> | undefined;

  const reply = (ack: unknown, answer: SubscribeAck | SimpleAck) => {
    if (typeof ack === 'function') (ack as Ack)(answer);
  };
  const send = (events: readonly BufferedEvent[]) => {
    for (const e of events) socket.emit(e.event, { channel: e.channel, cursor: e.cursor, data: e.data });
  };

  socket.on(ClientSocketEvent.subscribe, async (payload: unknown, ack: unknown) => {
    const request = parsePayload(subscribeSchema, payload);
    const channel = request.success ? parseChannel(request.data.channel) : undefined;
    if (!request.success || !channel) return reply(ack, INVALID);
    const since = request.data.since;
    if (since !== undefined && !isCursor(since)) return reply(ack, INVALID);
    const decision = await decideChannel(who, channel, deps.access);
    if (!decision.ok) return reply(ack, decision);
    const { room } = decision;
    // Joined first, read second: a signal in between reaches the socket either way.
    const replayActivity = async () => {
      if (channel.kind !== 'room' || !deps.assistantActivity) return;
      try {
        const activity = await deps.assistantActivity.current(channel.roomId);
        // 'Not typing' matters to the widget only (it shows typing on its message's POST answer).
        if (!activity && who.kind !== 'visitor') return;
        for (const e of activityEmissions(channel.roomId, activity)) socket.emit(e.event, e.envelope);
      } catch (error) {
        // A hint only: the posted answer is the truth.
        deps.logger.warn({ err: error, room }, 'could not read the assistant’s activity');
      }
    };
    try {
      if (since === undefined) {
        await socket.join(room);
        const latest = await deps.buffer.since(room, undefined);
        reply(ack, { ok: true, cursor: latest.cursor });
        return await replayActivity();
      }
      // Replay what was missed, join, then replay what arrived between the read and the join (its
      // live emit may also arrive: a client skips a cursor it has already applied).
      const missed = await deps.buffer.since(room, since);
      if (missed.reset) {
        await socket.join(room);
        reply(ack, { ok: true, cursor: missed.cursor, reset: true });
        return await replayActivity();
      }
      send(missed.events);
      await socket.join(room);
      const from = missed.events.at(-1)?.cursor ?? since;
      const raced = await deps.buffer.since(room, from);
      if (raced.reset) reply(ack, { ok: true, cursor: raced.cursor, reset: true });
      else {
        send(raced.events);
        reply(ack, { ok: true, cursor: raced.events.at(-1)?.cursor ?? missed.cursor });
      }
      await replayActivity();
    } catch (error) {
      deps.logger.warn({ err: error, room }, 'subscribe failed');
      reply(ack, UNAVAILABLE);
    }
  });

  socket.on(ClientSocketEvent.unsubscribe, async (payload: unknown, ack: unknown) => {
    const request = parsePayload(unsubscribeSchema, payload);
    const channel = request.success ? parseChannel(request.data.channel) : undefined;
    const room = channel && internalRoomOf(who, channel);
    if (!room) return reply(ack, INVALID);
    await socket.leave(room);
    reply(ack, { ok: true });
  });

  const emitTyping = (roomId: string, isTyping: boolean) => {
    const data: TypingStatus = { roomId, isTyping, agent: who.kind === 'team' };
    // The other side only: a visitor's typing to the team's room, the team's to the visitor's.
    deps.emitToRoom(InternalRoom.room(roomId, otherSide(who)), RealtimeEventName.typingStatus, {
      channel: roomChannel(roomId),
      cursor: null,
      data,
    });
  };

  socket.on(ClientSocketEvent.typing, (payload: unknown, ack: unknown) => {
    const request = parsePayload(typingSchema, payload);
    if (!request.success) return reply(ack, INVALID);
    const { roomId, isTyping } = request.data;
    if (!socket.rooms.has(InternalRoom.room(roomId, side(who)))) return reply(ack, FORBIDDEN);
    const timers = (typingTimers ??= new Map());
    clearTimeout(timers.get(roomId));
    timers.delete(roomId);
    if (isTyping) {
      const timer = setTimeout(() => {
        timers.delete(roomId);
        emitTyping(roomId, false);
      }, typingResetMs);
      timer.unref();
      timers.set(roomId, timer);
    }
    emitTyping(roomId, isTyping);
    reply(ack, { ok: true });
  });

  socket.on(ClientSocketEvent.teamActivity, async (payload: unknown, ack: unknown) => {
    const request = parsePayload(activitySchema, payload);
    if (!request.success) return reply(ack, INVALID);
    if (who.kind !== 'team') return reply(ack, FORBIDDEN);
    const { roomId } = request.data;
    // Access was checked when the socket subscribed to one of the room's team channels.
    const subscribed =
      socket.rooms.has(InternalRoom.room(roomId, 'team')) || socket.rooms.has(InternalRoom.presence(roomId));
    if (!subscribed) return reply(ack, FORBIDDEN);
    try {
      await deps.recordTeamActivity(who.principal, roomId);
      reply(ack, { ok: true });
    } catch (error) {
      deps.logger.warn({ err: error, roomId }, 'team activity failed');
      reply(ack, UNAVAILABLE);
    }
  });

  socket.once('disconnect', () => {
    if (!typingTimers) return;
    // Whoever was typing has stopped: tell the other side instead of leaving the dots on.
    for (const [roomId, timer] of typingTimers) {
      clearTimeout(timer);
      emitTyping(roomId, false);
    }
    typingTimers.clear();
  });
}
