import { NOTIFICATION_SOCKET_EVENT, realtimeUsersSubject, userIdOfRealtimeSubject } from '@parley/contracts';
import type { Logger } from '@parley/logger';
import type { NatsConnection, Subscription } from 'nats';
import type { RealtimeServer } from './realtime-server';

export interface NotificationRelay {
  stop(): Promise<void>;
}

/** Every gateway replica joins this group, so NATS hands each announcement to exactly one of them. */
export const RELAY_QUEUE_GROUP = 'gateway-notification-relay';

/**
 * Relays the notifications service's announcements (core NATS `<ns>.realtime.user.<id>`) to
 * Socket.IO room `user-{id}` as event `notification`. The queue group gives each message to one
 * replica, whose emit the Redis adapter carries to the sockets on every replica: each socket gets
 * each notification once however many gateways run.
 */
export function startNotificationRelay(options: {
  nc: NatsConnection;
  namespace?: string;
  realtime: Pick<RealtimeServer, 'emitToUser'>;
  logger: Logger;
}): NotificationRelay {
  const { nc, realtime, logger } = options;
  const decoder = new TextDecoder();
  const subscription: Subscription = nc.subscribe(realtimeUsersSubject(options.namespace || undefined), {
    queue: RELAY_QUEUE_GROUP,
  });
  const done = (async () => {
    for await (const message of subscription) {
      const userId = userIdOfRealtimeSubject(message.subject);
      let notification: unknown;
      try {
        notification = JSON.parse(decoder.decode(message.data));
      } catch (error) {
        logger.warn({ err: error, subject: message.subject }, 'unreadable notification announcement');
        continue;
      }
      if (userId && typeof notification === 'object' && notification !== null) {
        realtime.emitToUser(userId, NOTIFICATION_SOCKET_EVENT, notification);
      }
    }
  })();

  return {
    stop: async () => {
      if (!subscription.isClosed()) await subscription.drain().catch(() => undefined);
      await done;
    },
  };
}
