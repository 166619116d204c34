import type { Logger } from '@parley/logger';
import type { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { RedisClientType } from 'redis';
import type { TokenVerifier } from './auth/token-verifier';
import type { VerifiedVisitor } from './auth/visitor-token';
import type { ContentClient } from './clients/content-client';
import type { ConversationsClient } from './clients/conversations-client';
import { productCard } from './http/routes/conversation-views';
import { postVisitorMessage } from './messages/post-visitor-message';
import type { RateLimits } from './http/rate-limits';
import type { PresenceStore } from './presence/presence-store';
import type { SystemSettingsSource } from './settings/system-settings-cache';
import type { SocketEventBudget } from './socket/event-budget';
import { startRealtimeServer, type RealtimeServer } from './socket/realtime-server';
import { deliverAnnouncedEvents } from './realtime/announced-events';
import type { AssistantActivity } from './realtime/assistant-activity';
import { cachedRoomAccess } from './realtime/channel-access';
import { roomAccessFromConversations, type RoomAccessCalls } from './realtime/conversations-access';
import { startConversationsRelay } from './realtime/conversations-relay';
import { createReplayBuffer } from './realtime/replay-buffer';
import { createTeamActivity, type RecordTeamActivity, type RoomEmitter } from './realtime/team-activity';

/** Granted room access is reused this long; an unshare takes effect at once on the relaying replica. */
const ACCESS_CACHE_MS = 5_000;
/** As the REST views: at most this many cards per message. */
const MAX_CARDS = 100;
/** Longer than JetStream can redeliver an event (ack wait x max deliveries). */
const DEDUPE_TTL_MS = 10 * 60 * 1000;

/**
 * Team activity is needed by the REST routes, which exist before the Socket.IO server does (it
 * wraps the HTTP server that serves them): the emitter is attached once the server runs.
 */
export function teamActivityBeforeServer(options: {
  presence: PresenceStore;
  memberName(userId: string): Promise<string>;
}): { record: RecordTeamActivity; attach(emit: RoomEmitter): void } {
  let emitter: RoomEmitter | undefined;
  return {
    record: createTeamActivity({
      presence: options.presence,
      memberName: options.memberName,
      emit: (room, event, envelope) => emitter?.(room, event, envelope),
    }),
    attach: (emit) => {
      emitter = emit;
    },
  };
}

export interface Realtime {
  server: RealtimeServer;
  stop(): Promise<void>;
}

/** The realtime side of the gateway: Socket.IO with channel authorisation and replay, and the JetStream relay. */
export async function startRealtime(options: {
  httpServer: HttpServer;
  nats: NatsConnection;
  namespace: string;
  redis: { commands: RedisClientType; subscriber: RedisClientType; keyPrefix: string };
  verifyToken: TokenVerifier;
  verifyVisitor: (token: string) => Promise<VerifiedVisitor>;
  frontendOrigins: string[];
  conversations: RoomAccessCalls & Pick<ConversationsClient, 'postVisitorMessage'>;
  /** Maintenance mode refuses visitor messages on sockets as it does on /api/widget. */
  settings: SystemSettingsSource;
  /** Cards of the products a message names (content's public reads). */
  content: Pick<ContentClient, 'getPublicItems'>;
  teamActivity: { record: RecordTeamActivity; attach(emit: RoomEmitter): void };
  /** The visitor-message limits, shared with POST /api/widget/messages. */
  rateLimits: RateLimits;
  /** Client events per socket (every event, not only messages). */
  socketEventBudget: SocketEventBudget;
  clientIpOf(request: IncomingMessage): string;
  /** The assistant's typing and draft per room, replayed on subscribe. */
  assistantActivity?: AssistantActivity;
  logger: Logger;
}): Promise<Realtime> {
  const { logger } = options;
  // The relay's events reach the other replicas in one message per event, published by the
  // buffer's record script, rather than through the Socket.IO adapter (a publish per broadcast).
  const announce = { channel: `${options.redis.keyPrefix}:rt:relayed`, origin: randomUUID() };
  const buffer = createReplayBuffer(options.redis.commands, {
    keyPrefix: options.redis.keyPrefix,
    dedupeTtlMs: DEDUPE_TTL_MS,
    announce,
  });
  const server = startRealtimeServer({
    httpServer: options.httpServer,
    verifyToken: options.verifyToken,
    verifyVisitor: options.verifyVisitor,
    frontendOrigins: options.frontendOrigins,
    redis: {
      publisher: options.redis.commands,
      subscriber: options.redis.subscriber,
      key: `${options.redis.keyPrefix}:socket.io`,
    },
    channels: {
      access: cachedRoomAccess(roomAccessFromConversations(options.conversations), {
        ttlMs: ACCESS_CACHE_MS,
      }),
      buffer,
      recordTeamActivity: options.teamActivity.record,
      ...(options.assistantActivity ? { assistantActivity: options.assistantActivity } : {}),
      logger: logger.child({ component: 'realtime' }),
    },
    visitorMessages: {
      post: (sender, body, context) =>
        postVisitorMessage(
          { conversations: options.conversations, rateLimits: options.rateLimits },
          sender,
          body,
          context,
        ),
      settings: options.settings,
      logger: logger.child({ component: 'realtime' }),
    },
    eventBudget: options.socketEventBudget,
    clientIpOf: options.clientIpOf,
    logger,
  });
  options.teamActivity.attach(server.emitToRoom);
  let announced: Awaited<ReturnType<typeof deliverAnnouncedEvents>> | undefined;
  let relay: Awaited<ReturnType<typeof startConversationsRelay>>;
  try {
    announced = await deliverAnnouncedEvents({
      ...announce,
      subscriber: options.redis.subscriber,
      target: server,
      logger: logger.child({ component: 'realtime' }),
    });
    relay = await startConversationsRelay({
      nc: options.nats,
      namespace: options.namespace,
      buffer,
      target: { emit: server.emitHere, revoke: server.revoke },
      productCards: async (domainId, ids) =>
        (await options.content.getPublicItems('product', domainId, ids.slice(0, MAX_CARDS))).map(productCard),
      logger: logger.child({ component: 'realtime-relay' }),
    });
  } catch (error) {
    await announced?.stop();
    await server.close();
    throw error;
  }
  return {
    server,
    stop: async () => {
      await relay.stop();
      await announced.stop();
    },
  };
}
