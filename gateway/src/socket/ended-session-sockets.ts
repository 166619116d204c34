import type { Logger } from '@parley/logger';
import type { RedisClientType } from 'redis';

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A socket passed its handshake before its session ended, and nothing checks its token again
 * until it expires. Identity publishes each ended session's id on `channel` (@parley/contracts
 * session-revocation); every replica hears it and closes its own sockets of that session.
 */
export async function closeEndedSessionSockets(options: {
  channel: string;
  subscriber: RedisClientType;
  disconnectSessionHere(sessionId: string): void;
  logger: Logger;
}): Promise<{ stop(): Promise<void> }> {
  const { channel, subscriber, logger } = options;
  const onMessage = (message: string) => {
    if (!SESSION_ID.test(message)) {
      logger.warn({ channel }, 'ignored a malformed ended-session announcement');
      return;
    }
    options.disconnectSessionHere(message.toLowerCase());
  };
  await subscriber.subscribe(channel, onMessage);
  return {
    stop: async () => {
      if (subscriber.isOpen) await subscriber.unsubscribe(channel, onMessage).catch(() => undefined);
    },
  };
}
