import type { Logger } from '@parley/logger';
import { connect as connectNats } from 'nats';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTokenVerifier } from './auth/token-verifier';
import { createBillingClient } from './clients/billing-client';
import { createContentClient } from './clients/content-client';
import { createDomainsClient } from './clients/domains-client';
import { createHealthClient } from './clients/health-client';
import { createIdentityClient } from './clients/identity-client';
import { createNotificationsClient } from './clients/notifications-client';
import type { GatewayConfig } from './config';
import { createApp } from './http/app';
import { createRateLimits } from './http/rate-limits';
import { connectRedis, pingRedis } from './redis/redis-clients';
import { cachedSystemSettings } from './settings/system-settings-cache';
import { syncSettingsAcrossReplicas } from './settings/settings-sync';
import { startNotificationRelay } from './socket/notification-relay';
import { startRealtimeServer } from './socket/realtime-server';

export interface GatewayHandle {
  /** The bound port (useful when configured with 0). */
  port: number;
  /** Fan-out to a user's sockets on any replica: `user-{id}` room. */
  emitToUser(userId: string, event: string, payload: unknown): void;
  /** Stops accepting, closes sockets, lets in-flight requests finish, closes Redis, NATS and gRPC. */
  stop(): Promise<void>;
}

const READINESS_TIMEOUT_MS = 2000;

export async function startGateway(config: GatewayConfig, logger: Logger): Promise<GatewayHandle> {
  const redis = await connectRedis(config.redis.url, logger);
  const identity = createIdentityClient(config.identityGrpcUrl, config.grpcDeadlineMs);
  const identityHealth = createHealthClient(config.identityGrpcUrl, READINESS_TIMEOUT_MS);
  const notifications = createNotificationsClient(config.notificationsGrpcUrl, config.grpcDeadlineMs);
  const domains = createDomainsClient(config.domainsGrpcUrl, config.grpcDeadlineMs);
  const content = createContentClient(config.contentGrpcUrl, config.grpcDeadlineMs);
  const billing = createBillingClient(config.billingGrpcUrl, config.grpcDeadlineMs);
  const closeClients = async () => {
    identity.close();
    notifications.close();
    domains.close();
    content.close();
    billing.close();
    identityHealth.close();
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
    const verifyToken = createTokenVerifier(config.jwt);
    let draining = false;

    const app = createApp({
      logger,
      identity,
      notifications,
      domains,
      content,
      billing,
      settings,
      announceSettingsChange: settingsSync.announceChange,
      rateLimits: createRateLimits(redis.commands, config.redis.rateLimitPrefix),
      cookieSecure: config.cookieSecure,
      publicAppUrl: config.publicAppUrl,
      verifyToken,
      frontendOrigins: config.frontendOrigins,
      trustProxy: config.trustProxy,
      bodyLimit: config.bodyLimit,
      isReady: async () => {
        const [identityUp, redisUp] = await Promise.all([
          identityHealth.isServing(READINESS_TIMEOUT_MS),
          pingRedis(redis.commands, READINESS_TIMEOUT_MS),
        ]);
        return { accepting: !draining, identity: identityUp, redis: redisUp };
      },
    });

    const httpServer = createServer(app);
    const realtime = startRealtimeServer({
      httpServer,
      verifyToken,
      frontendOrigins: config.frontendOrigins,
      redis: {
        publisher: redis.commands,
        subscriber: redis.subscriber,
        key: `${config.redis.keyPrefix}:socket.io`,
      },
      logger,
    });
    // New in-app notifications, announced by the notifications service, to their users' sockets.
    const relay = startNotificationRelay({
      nc: nats,
      namespace: config.eventNamespace,
      realtime,
      logger: logger.child({ component: 'notification-relay' }),
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
      await settingsSync.stop();
      await relay.stop();
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
