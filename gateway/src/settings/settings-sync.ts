import type { Logger } from '@parley/logger';
import type { RedisClientType } from 'redis';
import type { SystemSettingsSource } from './system-settings-cache';

export interface SettingsSync {
  /** Tell every gateway replica (this one included) that settings changed. */
  announceChange(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * An admin's change through one replica must not wait out the other replicas' caches, so the change
 * is announced on a Redis channel and every replica drops its cached copy when it hears it.
 */
export async function syncSettingsAcrossReplicas(options: {
  channel: string;
  commands: RedisClientType;
  subscriber: RedisClientType;
  settings: SystemSettingsSource;
  logger: Logger;
}): Promise<SettingsSync> {
  const { channel, commands, subscriber, settings, logger } = options;
  const onMessage = () => settings.invalidate();
  await subscriber.subscribe(channel, onMessage);
  return {
    announceChange: async () => {
      try {
        await commands.publish(channel, String(Date.now()));
      } catch (error) {
        // The other replicas' caches expire on their own within the TTL.
        logger.warn({ err: error }, 'could not announce a system settings change');
      }
    },
    stop: async () => {
      if (subscriber.isOpen) await subscriber.unsubscribe(channel, onMessage).catch(() => undefined);
    },
  };
}
