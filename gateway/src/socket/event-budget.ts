import { AppError, ClientSocketEvent } from '@parley/contracts';
import type { Logger } from '@parley/logger';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Socket } from 'socket.io';
import { toHttpError } from '../http/error-mapper';
import { MESSAGES_RATE_LIMITED_MESSAGE } from '../http/rate-limits';
import type { SocketIdentity } from '../realtime/channel-access';
import { refusalAck } from './visitor-message-handler';

export interface SocketEventBudget {
  /** Events one visitor socket may send per window (every client event counts: subscribe, typing, ...). */
  events: number;
  /** The same for a team member's socket: opening a room in the dashboard is six events. */
  teamEvents: number;
  windowSeconds: number;
}

type SocketMiddleware = (event: [string, ...unknown[]], next: (err?: Error) => void) => void;

/** What a refused event's ack says: the POST's 429 for a visitor message, 'rate-limited' for the rest. */
export function refusalOf(event: string, retryAfterSeconds: number): unknown {
  if (event !== ClientSocketEvent.visitorMessage)
    return { ok: false, error: 'rate-limited', retryAfter: retryAfterSeconds };
  return refusalAck(
    toHttpError(
      new AppError('rate_limited', MESSAGES_RATE_LIMITED_MESSAGE, [], 'RATE_LIMITED', retryAfterSeconds),
    ),
  );
}

/**
 * A budget of client events per socket, kept in this process (a socket lives on one replica).
 * Every event handler does work for the sender and most fan out: one visitor socket sending
 * 'typing' in a loop reached the team's dashboards hundreds of times a second and a 'subscribe'
 * loop read the replay buffer in Redis at each. The widget and dashboard send a few events a
 * second at most (typing is debounced to 500 ms; a reconnect resubscribes a handful of channels),
 * so the default leaves them far from it; a team member clicking through the list spends six per
 * room (three channels left, three joined), so team sockets, whose senders signed in, have more. An event over budget is answered as refused (never
 * silently dropped when it asked for an answer); a socket that keeps sending at twice its
 * budget is disconnected. Idle sockets hold no counter: the limiter's keys expire with their window.
 */
export function socketEventBudget(
  budget: SocketEventBudget,
  logger: Logger,
): (socket: Socket) => SocketMiddleware {
  const limiters = {
    visitor: new RateLimiterMemory({ points: budget.events, duration: budget.windowSeconds }),
    team: new RateLimiterMemory({ points: budget.teamEvents, duration: budget.windowSeconds }),
  };
  return (socket) => (packet, next) => {
    const kind = (socket.data as { who: SocketIdentity }).who.kind;
    const limiter = limiters[kind];
    limiter.consume(socket.id).then(
      () => next(),
      (rejection: unknown) => {
        if (!(rejection instanceof RateLimiterRes)) return next(rejection as Error);
        const [event, ...args] = packet;
        const ack = args.at(-1);
        const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        if (typeof ack === 'function') (ack as (answer: unknown) => void)(refusalOf(event, retryAfter));
        if (rejection.consumedPoints > 2 * limiter.points && socket.connected) {
          logger.warn(
            { socketId: socket.id, event },
            'socket disconnected: it kept sending over its event budget',
          );
          socket.disconnect(true);
        }
      },
    );
  };
}
