import type { RealtimeEnvelope } from '@parley/contracts';
import type { Logger } from '@parley/logger';
import type { RedisClientType } from 'redis';
import { broadcasts } from './conversations-relay';
import { readAnnouncement } from './event-announcement';

/**
 * Delivers the events other replicas relayed (announced by their record scripts on `channel`) to
 * this replica's sockets: one message per event, read only when one of its rooms has a socket
 * here. Redis hands a subscriber its messages in publish order, and the scripts published them in
 * cursor order, so a room's events arrive here in the order they were recorded.
 */
export async function deliverAnnouncedEvents(options: {
  channel: string;
  /** This replica's name in its own announcements, which it skips (it emitted them itself). */
  origin: string;
  subscriber: RedisClientType;
  target: {
    emitHere(rooms: string[], event: string, envelope: RealtimeEnvelope<unknown>): void;
    hasRoomHere(room: string): boolean;
  };
  logger: Logger;
}): Promise<{ stop(): Promise<void> }> {
  const { channel, origin, subscriber, target, logger } = options;
  const onMessage = (message: string) => {
    try {
      const read = readAnnouncement(message, origin, target.hasRoomHere);
      if (!read) return;
      for (const { rooms, e, cursor } of broadcasts(read.emissions, read.cursors))
        target.emitHere(rooms, e.event, { channel: e.channel, cursor, data: e.data });
    } catch (error) {
      logger.warn({ err: error, channel }, 'unreadable announced event; skipped');
    }
  };
  await subscriber.subscribe(channel, onMessage);
  return {
    stop: async () => {
      if (subscriber.isOpen) await subscriber.unsubscribe(channel, onMessage).catch(() => undefined);
    },
  };
}
