import { isAppError } from '@parley/contracts';
import type { Logger } from '@parley/logger';
import { createAdapter } from '@socket.io/redis-adapter';
import cookieParser from 'cookie-parser';
import type { Server as HttpServer } from 'node:http';
import type { RedisClientType } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { Principal } from '../auth/claims';
import { ACCESS_COOKIE } from '../auth/cookies';
import { isAllowedOrigin } from '../auth/origin';
import type { TokenVerifier } from '../auth/token-verifier';

export interface RealtimeServer {
  /** Delivers `event` to every socket of `userId`, on whichever gateway replica it is connected. */
  emitToUser(userId: string, event: string, payload: unknown): void;
  close(): Promise<void>;
}

export const userRoom = (userId: string) => `user-${userId}`;

/** The handshake's refusal messages, seen by clients as `connect_error` with this `message`. */
export const UNAUTHORIZED = 'unauthorized';
export const UNAVAILABLE = 'unavailable';

interface SocketData {
  principal: Principal;
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
 * Socket.IO on the gateway's HTTP server. Every socket authenticates in its handshake and joins
 * its user's room; the Redis adapter makes rooms span all gateway replicas, so a fan-out from any
 * replica reaches the user wherever they are connected.
 */
export function startRealtimeServer(options: {
  httpServer: HttpServer;
  verifyToken: TokenVerifier;
  frontendOrigins: string[];
  redis: { publisher: RedisClientType; subscriber: RedisClientType; key: string };
  logger: Logger;
}): RealtimeServer {
  const { verifyToken, frontendOrigins, logger } = options;
  const io = new Server<
    Record<string, never>,
    Record<string, (payload: unknown) => void>,
    Record<string, never>,
    SocketData
  >(options.httpServer, {
    path: '/socket.io',
    cors: { origin: frontendOrigins, credentials: true },
    adapter: createAdapter(options.redis.publisher, options.redis.subscriber, { key: options.redis.key }),
  });
  io.engine.use(cookieParser());

  io.use(async (socket, next) => {
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
      const verified = await verifyToken(presented.token);
      socket.data.principal = verified.principal;
      const msLeft = verified.expiresAt * 1000 - Date.now();
      // Disconnect when the token runs out; the client reconnects with a fresh one.
      const timer = setTimeout(() => socket.disconnect(true), Math.min(Math.max(msLeft, 0), MAX_TIMER_MS));
      timer.unref();
      socket.once('disconnect', () => clearTimeout(timer));
      next();
    } catch (error) {
      // Keys that can't be fetched say nothing about the token: the client should retry, not log out.
      next(new Error(isAppError(error) && error.kind === 'unavailable' ? UNAVAILABLE : UNAUTHORIZED));
    }
  });

  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.principal.userId));
  });

  io.engine.on('connection_error', (error: { code: number; message: string }) =>
    logger.debug({ code: error.code, reason: error.message }, 'socket.io connection refused'),
  );

  return {
    emitToUser: (userId, event, payload) => {
      io.to(userRoom(userId)).emit(event, payload);
    },
    close: () => io.close(),
  };
}
