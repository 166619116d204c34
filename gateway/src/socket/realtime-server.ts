import { isAppError, RealtimeEventName, type RealtimeEnvelope } from '@parley/contracts';
import type { Logger } from '@parley/logger';
import { socketConnections } from '@parley/metrics';
import { socketMessageTracing } from '@parley/tracing';
import { createAdapter } from '@socket.io/redis-adapter';
import cookieParser from 'cookie-parser';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { RedisClientType } from 'redis';
import { Server, type Socket } from 'socket.io';
import { ACCESS_COOKIE } from '../auth/cookies';
import { isAllowedOrigin } from '../auth/origin';
import type { TokenVerifier } from '../auth/token-verifier';
import { isVisitorToken, type VerifiedVisitor } from '../auth/visitor-token';
import type { SocketIdentity } from '../realtime/channel-access';
import { isVisitorRoom } from '../realtime/channels';
import { roomsOfShare } from '../realtime/conversations-relay';
import { senderEchoes, visitorClientIdOf } from '../realtime/sender-echoes';
import { registerChannelHandlers, type ChannelHandlerDeps } from './channel-handlers';
import { corkWritesPerTurn } from './corked-writes';
import { socketEventBudget, type SocketEventBudget } from './event-budget';
import { registerVisitorMessageHandler, type VisitorMessageDeps } from './visitor-message-handler';
import { ownBroadcastSkippingParser } from './own-broadcast-parser';
import { releaseHandshakeRequest, releaseUpgradeRequest } from './released-requests';

export interface RealtimeServer {
  /** Delivers `event` to every socket of `userId`, on whichever gateway replica it is connected. */
  emitToUser(userId: string, event: string, payload: unknown): void;
  /** Emits to an internal room (see realtime/channels.ts) on every replica. */
  /** Several rooms: one broadcast (one adapter publish), each socket in them gets it once. */
  emitToRoom(room: string | string[], event: string, envelope: RealtimeEnvelope<unknown>): void;
  /** Several rooms, on this replica only: the relay's emits, which reach other replicas on their own. */
  emitHere(rooms: string[], event: string, envelope: RealtimeEnvelope<unknown>): void;
  /** Whether a socket of this replica is in `room`. */
  hasRoomHere(room: string): boolean;
  /** Makes `userId`'s sockets, on every replica, leave the team side of a room they lost. */
  revoke(userId: string, roomId: string): void;
  /** Closes every socket of `userId` on every replica (a removed team member); their reconnect is refused. */
  disconnectUser(userId: string): void;
  /**
   * Closes this replica's sockets opened with an access token of `sessionId` (identity ended the
   * session and tells every replica itself, so no adapter broadcast); their reconnect is refused.
   */
  disconnectSessionHere(sessionId: string): void;
  close(): Promise<void>;
}

export const userRoom = (userId: string) => `user-${userId}`;
/** Every team socket is also in its access token's session room (identity's `sid`). */
export const sessionRoom = (sessionId: string) => `session-${sessionId}`;

/** The handshake's refusal messages, seen by clients as `connect_error` with this `message`. */
export const UNAUTHORIZED = 'unauthorized';
export const UNAVAILABLE = 'unavailable';

export interface SocketData {
  who: SocketIdentity;
  /** The client's address at the handshake, as express would read it (TRUST_PROXY): rate limits. */
  clientIp: string;
}

/** setTimeout can't wait longer than this (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

function handshakeToken(socket: Socket): { token: string; fromCookie: boolean } | undefined {
  const fromAuth = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth.length > 0) return { token: fromAuth, fromCookie: false };
  const cookies = (socket.request as unknown as { cookies?: Record<string, unknown> }).cookies;
  const fromCookie = cookies?.[ACCESS_COOKIE];
  if (typeof fromCookie === 'string' && fromCookie.length > 0) return { token: fromCookie, fromCookie: true };
  return undefined;
}

/**
 * Socket.IO on the gateway's HTTP server. Every socket authenticates in its handshake: a team
 * member with the dashboard's access token (cookie from the frontend origin, or `auth.token`), or
 * a widget visitor with a visitor token in `auth.token` (from any site's page: it carries no
 * ambient authority, so no origin check). A team socket joins its user's room at once; every
 * other room is joined through an authorised 'subscribe' (channel-handlers.ts). The Redis adapter
 * makes rooms span all gateway replicas, so a fan-out from any replica reaches every socket.
 */
export const MAX_SOCKET_PACKET_BYTES = 64 * 1024;

export function startRealtimeServer(options: {
  httpServer: HttpServer;
  verifyToken: TokenVerifier;
  verifyVisitor: (token: string) => Promise<VerifiedVisitor>;
  frontendOrigins: string[];
  redis: { publisher: RedisClientType; subscriber: RedisClientType; key: string };
  channels: Omit<ChannelHandlerDeps, 'emitToRoom'>;
  visitorMessages: VisitorMessageDeps;
  eventBudget: SocketEventBudget;
  /** The client address of a request, by the HTTP app's own TRUST_PROXY rule. */
  clientIpOf(request: IncomingMessage): string;
  logger: Logger;
}): RealtimeServer {
  const { verifyToken, verifyVisitor, frontendOrigins, logger } = options;
  const io = new Server<
    Record<string, (...args: never[]) => void>,
    Record<string, (payload: unknown) => void>,
    Record<string, never>,
    SocketData
  >(options.httpServer, {
    path: '/socket.io',
    // Socket.IO's default is 1 MB; the largest event a client has reason to send is a 4,000-character
    // message (16 KB as UTF-8). A bigger packet closes its connection before it is parsed.
    maxHttpBufferSize: MAX_SOCKET_PACKET_BYTES,
    cors: { origin: frontendOrigins, credentials: true },
    adapter: createAdapter(options.redis.publisher, options.redis.subscriber, {
      key: options.redis.key,
      parser: ownBroadcastSkippingParser(),
    }),
  });
  io.engine.use(cookieParser());
  io.engine.use(releaseUpgradeRequest); // last: no later middleware may need the request
  corkWritesPerTurn(io.engine);

  // The handshake is checked asynchronously; a failure nothing below caught refuses it rather than
  // leaving a rejected promise behind.
  io.use((socket, next) => {
    authenticate(socket, next).catch(() => next(new Error(UNAUTHORIZED)));
  });
  async function authenticate(socket: Socket, next: (err?: Error) => void): Promise<void> {
    socket.data.clientIp = options.clientIpOf(socket.request);
    const presented = handshakeToken(socket);
    if (!presented) return next(new Error(UNAUTHORIZED));
    // A cookie rides along on its own, so a cookie handshake must come from the frontend
    // (browsers don't apply CORS to WebSocket upgrades).
    if (
      presented.fromCookie &&
      !isAllowedOrigin(
        { origin: socket.handshake.headers.origin, referer: socket.handshake.headers.referer },
        frontendOrigins,
      )
    ) {
      return next(new Error(UNAUTHORIZED));
    }
    try {
      let expiresAt: number;
      if (!presented.fromCookie && isVisitorToken(presented.token)) {
        const verified = await verifyVisitor(presented.token);
        socket.data.who = { kind: 'visitor', visitor: verified.visitor };
        expiresAt = verified.expiresAt;
      } else {
        const verified = await verifyToken(presented.token);
        socket.data.who = { kind: 'team', principal: verified.principal };
        expiresAt = verified.expiresAt;
      }
      const msLeft = expiresAt * 1000 - Date.now();
      // Disconnect when the token runs out; the client reconnects with a fresh one.
      const timer = setTimeout(() => socket.disconnect(true), Math.min(Math.max(msLeft, 0), MAX_TIMER_MS));
      timer.unref();
      socket.once('disconnect', () => clearTimeout(timer));
      next();
    } catch (error) {
      // Keys that can't be fetched say nothing about the token: the client should retry, not log out.
      next(new Error(isAppError(error) && error.kind === 'unavailable' ? UNAVAILABLE : UNAUTHORIZED));
    }
  }

  const emitToRoom = (room: string | string[], event: string, envelope: RealtimeEnvelope<unknown>) => {
    io.to(room).emit(event, envelope);
  };
  const handlerDeps: ChannelHandlerDeps = { ...options.channels, emitToRoom };
  const echoes = senderEchoes();
  const budgetOf = socketEventBudget(options.eventBudget, logger);

  io.on('connection', (socket) => {
    const { who } = socket.data;
    releaseHandshakeRequest(socket.conn as { request?: unknown });
    socketConnections.inc({ kind: who.kind });
    socket.once('disconnect', () => socketConnections.dec({ kind: who.kind }));
    socket.use(budgetOf(socket));
    socket.use(socketMessageTracing({ 'parley.socket.kind': who.kind }));
    if (who.kind === 'team') {
      const { userId, sessionId } = who.principal;
      void socket.join(sessionId ? [userRoom(userId), sessionRoom(sessionId)] : userRoom(userId));
    }
    registerChannelHandlers(socket, handlerDeps);
    registerVisitorMessageHandler(socket, options.visitorMessages, echoes);
  });

  io.engine.on('connection_error', (error: { code: number; message: string }) =>
    logger.debug({ code: error.code, reason: error.message }, 'socket.io connection refused'),
  );

  return {
    emitToUser: (userId, event, payload) => {
      io.to(userRoom(userId)).emit(event, payload);
    },
    emitToRoom,
    emitHere: (rooms, event, envelope) => {
      // A message's socket of origin has it from its ack (sender-echoes.ts).
      const sender =
        event === RealtimeEventName.chatMessage && rooms.some(isVisitorRoom)
          ? echoes.take(visitorClientIdOf(envelope.data))
          : undefined;
      (sender ? io.local.to(rooms).except(sender) : io.local.to(rooms)).emit(event, envelope);
    },
    hasRoomHere: (room) => io.of('/').adapter.rooms.has(room),
    revoke: (userId, roomId) => {
      options.channels.access.forget?.(userId, roomId);
      io.in(userRoom(userId)).socketsLeave(roomsOfShare(roomId));
    },
    disconnectUser: (userId) => {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    disconnectSessionHere: (sessionId) => {
      io.local.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    close: () => io.close(),
  };
}
