import type { Logger } from '@parley/logger';
import { connect as connectNats } from 'nats';
import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';
import type { AddressInfo } from 'node:net';
import { sessionRevocationNames } from '@parley/contracts';
import { callerTokenSigner } from '@parley/grpc';
import { cachingVerifiedTokens } from './auth/cached-token-verifier';
import { refusingEndedSessions } from './auth/ended-sessions';
import { createRemovedMembers } from './auth/removed-members';
import { createTokenVerifier } from './auth/token-verifier';
import { createVisitorTokens } from './auth/visitor-token';
import { createAppServer } from './http/app-server';
import { createBillingClient } from './clients/billing-client';
import { createContentClient } from './clients/content-client';
import { createEditorialClient } from './clients/editorial-client';
import { createConversationsClient } from './clients/conversations-client';
import { createDomainsClient } from './clients/domains-client';
import { createHealthClient } from './clients/health-client';
import { createIdentityClient } from './clients/identity-client';
import { createWebhooksClient } from './clients/webhooks-client';
import { cachedMemberNames } from './clients/member-names';
import { createMarketingClient } from './clients/marketing-client';
import { createNotificationsClient } from './clients/notifications-client';
import { createProjectionsClient } from './clients/projections-client';
import type { GatewayConfig } from './config';
import { redisIdempotencyStore } from './http/api-v1/idempotency';
import { teamReadCache } from './http/routes/team-read-cache';
import { createApp } from './http/app';
import { deadLetterDetails } from './http/dead-letter-details';
import { createRateLimits } from './http/rate-limits';
import { createPresenceStore } from './presence/presence-store';
import { redisAssistantActivity } from './realtime/assistant-activity';
import { startAssistantSignalRelay } from './realtime/assistant-signal-relay';
import { startRealtime, teamActivityBeforeServer } from './start-realtime';
import { connectRedis, pingRedis } from './redis/redis-clients';
import { cachedSystemSettings } from './settings/system-settings-cache';
import { syncSettingsAcrossReplicas } from './settings/settings-sync';
import { closeEndedSessionSockets } from './socket/ended-session-sockets';
import { startNotificationRelay } from './socket/notification-relay';

export interface GatewayHandle {
  /** The bound port (useful when configured with 0). */
  port: number;
  /** Fan-out to a user's sockets on any replica: `user-{id}` room. */
  emitToUser(userId: string, event: string, payload: unknown): void;
  /** Stops accepting, closes sockets, lets in-flight requests finish, closes Redis, NATS and gRPC. */
  stop(): Promise<void>;
}

const READINESS_TIMEOUT_MS = 2000;
/** Dead letters change seldom; readiness probes come every few seconds from every prober. */
const DEAD_LETTERS_REUSE_MS = 5000;
const DEAD_LETTERS_DEADLINE_MS = 1000;
/** A renamed team member shows the new name in new replies within this long. */
const MEMBER_NAME_CACHE_MS = 60_000;

export async function startGateway(config: GatewayConfig, logger: Logger): Promise<GatewayHandle> {
  const redis = await connectRedis(config.redis.url, logger);
  // Every call to a service carries the gateway's caller token; the services refuse calls without one.
  const callerToken = config.callerTokenSecret
    ? callerTokenSigner(config.callerTokenSecret, 'gateway')
    : undefined;
  const identity = createIdentityClient(config.identityGrpcUrl, config.grpcDeadlineMs, callerToken);
  const identityHealth = createHealthClient(config.identityGrpcUrl, READINESS_TIMEOUT_MS);
  const notifications = createNotificationsClient(
    config.notificationsGrpcUrl,
    config.grpcDeadlineMs,
    callerToken,
  );
  const marketing = createMarketingClient(config.notificationsGrpcUrl, config.grpcDeadlineMs, callerToken);
  const domains = createDomainsClient(config.domainsGrpcUrl, config.grpcDeadlineMs, callerToken);
  const content = createContentClient(config.contentGrpcUrl, config.grpcDeadlineMs, callerToken);
  const editorial = createEditorialClient(config.contentGrpcUrl, config.grpcDeadlineMs, callerToken);
  const billing = createBillingClient(config.billingGrpcUrl, config.grpcDeadlineMs, callerToken);
  const conversations = createConversationsClient(
    config.conversationsGrpcUrl,
    config.grpcDeadlineMs,
    callerToken,
    config.visitorMessageBatch,
  );
  const webhooks = createWebhooksClient(config.notificationsGrpcUrl, config.grpcDeadlineMs, callerToken);
  // Every service with projections, for /readyz's dead letters.
  const projections = {
    identity: createProjectionsClient(config.identityGrpcUrl, callerToken),
    notifications: createProjectionsClient(config.notificationsGrpcUrl, callerToken),
    billing: createProjectionsClient(config.billingGrpcUrl, callerToken),
    domains: createProjectionsClient(config.domainsGrpcUrl, callerToken),
    content: createProjectionsClient(config.contentGrpcUrl, callerToken),
    conversations: createProjectionsClient(config.conversationsGrpcUrl, callerToken),
    assistant: createProjectionsClient(config.assistantGrpcUrl, callerToken),
  };
  const closeClients = async () => {
    identity.close();
    notifications.close();
    marketing.close();
    webhooks.close();
    domains.close();
    content.close();
    editorial.close();
    billing.close();
    conversations.close();
    identityHealth.close();
    for (const client of Object.values(projections)) client.close();
    await redis.close();
  };
  let nats: Awaited<ReturnType<typeof connectNats>>;
  try {
    nats = await connectNats({
      servers: config.natsUrl,
      name: 'gateway',
      maxReconnectAttempts: -1,
      noAsyncTraces: true,
    });
  } catch (error) {
    await closeClients();
    throw error;
  }
  const closeAll = async () => {
    await nats.close().catch(() => undefined);
    await closeClients();
  };

  try {
    const settings = cachedSystemSettings(() => identity.getSystemSettings(), config.settingsCacheMs);
    const settingsSync = await syncSettingsAcrossReplicas({
      channel: `${config.redis.keyPrefix}:system-settings`,
      commands: redis.commands,
      subscriber: redis.subscriber,
      settings,
      logger,
    });
    const removedMembers = createRemovedMembers(redis.commands, config.redis.keyPrefix);
    const revocations = sessionRevocationNames(config.eventNamespace);
    // HTTP and sockets alike: a still-valid access token of an ended session or a removed member opens nothing.
    // The signature check is remembered per token; the ended-session check below is asked every time.
    const verifyToken = refusingEndedSessions(
      cachingVerifiedTokens(createTokenVerifier(config.jwt)),
      redis.commands,
      {
        revokedSession: revocations.revokedSession,
        removedMember: removedMembers.key,
      },
    );
    const visitorTokens = createVisitorTokens(config.visitorTokenSecret);
    const presence = createPresenceStore(redis.commands, config.redis.keyPrefix);
    const memberName = cachedMemberNames(identity, { ttlMs: MEMBER_NAME_CACHE_MS });
    const teamActivity = teamActivityBeforeServer({ presence, memberName });
    let draining = false;
    const deadLetters = deadLetterDetails({
      services: projections,
      deadlineMs: DEAD_LETTERS_DEADLINE_MS,
      reuseMs: DEAD_LETTERS_REUSE_MS,
    });
    // Socket.IO starts after the HTTP app (it attaches to the app's server), so routes reach it late.
    const late: { realtime?: { disconnectUser(userId: string): void } } = {};

    const rateLimits = createRateLimits(redis.commands, config.redis.rateLimitPrefix, {
      apiKey: { points: config.apiKeyRateLimitPerMinute, durationSec: 60 },
    });
    const idempotency = redisIdempotencyStore(
      redis.commands,
      config.redis.keyPrefix,
      config.idempotencyTtlSeconds,
    );
    const app = createApp({
      logger,
      identity,
      notifications,
      marketing,
      webhooks,
      domains,
      content,
      editorial,
      billing,
      conversations,
      visitorTokens,
      presence,
      removedMembers,
      disconnectUser: (userId) => late.realtime?.disconnectUser(userId),
      memberName,
      recordTeamActivity: teamActivity.record,
      settings,
      announceSettingsChange: settingsSync.announceChange,
      rateLimits,
      idempotency,
      teamReads: teamReadCache(config.teamReadCacheBytes),
      cookieSecure: config.cookieSecure,
      publicAppUrl: config.publicAppUrl,
      verifyToken,
      frontendOrigins: config.frontendOrigins,
      trustProxy: config.trustProxy,
      bodyLimit: config.bodyLimit,
      widgetDistDir: config.widgetDistDir,
      stripeOrigins: config.stripeOrigins,
      isReady: async () => {
        const [identityUp, redisUp] = await Promise.all([
          identityHealth.isServing(READINESS_TIMEOUT_MS),
          pingRedis(redis.commands, READINESS_TIMEOUT_MS),
        ]);
        return { accepting: !draining, identity: identityUp, redis: redisUp };
      },
      readinessDetails: async () => ({ deadLetters: await deadLetters() }),
    });

    const httpServer = createAppServer(app);
    // Sockets count against the same per-address limits as requests: the address by express's own
    // compiled TRUST_PROXY rule, so a socket and a POST from one client are one client.
    const trustProxy = app.get('trust proxy fn') as Parameters<typeof proxyAddr>[1];
    const clientIpOf = (request: IncomingMessage) => proxyAddr(request, trustProxy);
    // The assistant's typing and draft per room: the signal relay keeps it, subscribes replay it.
    const assistantActivity = redisAssistantActivity(redis.commands, config.redis.keyPrefix);
    // Socket.IO (channels authorised by conversations, replay) and the relay of room events.
    const realtimeSide = await startRealtime({
      httpServer,
      nats,
      namespace: config.eventNamespace,
      redis: { commands: redis.commands, subscriber: redis.subscriber, keyPrefix: config.redis.keyPrefix },
      verifyToken,
      verifyVisitor: visitorTokens.verify,
      frontendOrigins: config.frontendOrigins,
      conversations,
      settings,
      content,
      teamActivity,
      rateLimits,
      socketEventBudget: config.socketEventBudget,
      clientIpOf,
      assistantActivity,
      logger,
    });
    const realtime = realtimeSide.server;
    late.realtime = realtime;
    const endedSessionSockets = await closeEndedSessionSockets({
      channel: revocations.revokedChannel,
      subscriber: redis.subscriber,
      disconnectSessionHere: realtime.disconnectSessionHere,
      logger,
    });
    // New in-app notifications, announced by the notifications service, to their users' sockets.
    const relay = startNotificationRelay({
      nc: nats,
      namespace: config.eventNamespace,
      realtime,
      logger: logger.child({ component: 'notification-relay' }),
    });
    // The assistant's bot typing and streamed reply text, to the room's sockets.
    const assistantSignals = startAssistantSignalRelay({
      nc: nats,
      namespace: config.eventNamespace,
      emit: realtime.emitToRoom,
      activity: assistantActivity,
      logger: logger.child({ component: 'assistant-signal-relay' }),
    });

    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(config.port, config.host, () => {
        httpServer.off('error', reject);
        resolve();
      });
    });
    const port = (httpServer.address() as AddressInfo).port;
    logger.info({ port }, 'gateway listening');

    let stopping: Promise<void> | undefined;
    const stop = async () => {
      draining = true;
      // Closing Socket.IO also closes the HTTP server, which waits for in-flight requests.
      const closed = realtime.close();
      httpServer.closeIdleConnections();
      const force = setTimeout(() => httpServer.closeAllConnections(), config.shutdownGraceMs);
      force.unref();
      await closed;
      clearTimeout(force);
      await realtimeSide.stop();
      await settingsSync.stop();
      await endedSessionSockets.stop();
      await relay.stop();
      await assistantSignals.stop();
      await closeAll();
      logger.info('gateway stopped');
    };

    return {
      port,
      emitToUser: realtime.emitToUser,
      stop: () => (stopping ??= stop()),
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
