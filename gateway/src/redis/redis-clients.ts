import type { Logger } from '@parley/logger';
import { createClient, type RedisClientType } from 'redis';

export interface RedisClients {
  /** Commands: rate limits, pings, publishing (also the Socket.IO adapter's publisher). */
  commands: RedisClientType;
  /** Subscriptions only: a connection in subscribe mode can't run other commands. */
  subscriber: RedisClientType;
  close(): Promise<void>;
}

const INITIAL_CONNECT_ATTEMPTS = 5;

/**
 * Connects both clients. At start-up a Redis that stays unreachable fails the start (a clear error
 * beats a gateway that never becomes ready); once connected, a lost connection is retried forever
 * and /readyz reports it meanwhile.
 */
export async function connectRedis(url: string, logger: Logger): Promise<RedisClients> {
  const make = (role: string): RedisClientType => {
    let connectedOnce = false;
    const client: RedisClientType = createClient({
      url,
      socket: {
        connectTimeout: 3000,
        reconnectStrategy: (retries, cause) => {
          if (!connectedOnce && retries >= INITIAL_CONNECT_ATTEMPTS)
            return new Error(`Redis unreachable at start-up: ${cause.message}`);
          return Math.min(100 * 2 ** retries, 2000);
        },
      },
    });
    client.on('ready', () => {
      connectedOnce = true;
    });
    // node-redis emits 'error' on every failed reconnect; without a listener they would crash the process.
    client.on('error', (error: Error) => logger.warn({ err: error, redis: role }, 'redis connection error'));
    return client;
  };
  const commands = make('commands');
  const subscriber = make('subscriber');
  try {
    await Promise.all([commands.connect(), subscriber.connect()]);
  } catch (error) {
    await Promise.allSettled([commands, subscriber].map((c) => (c.isOpen ? c.close() : Promise.resolve())));
    throw error;
  }
  return {
    commands,
    subscriber,
    close: async () => {
      await Promise.allSettled([subscriber, commands].map((c) => (c.isOpen ? c.close() : Promise.resolve())));
    },
  };
}

/** PING with a deadline: a hung connection must not hang /readyz. */
export async function pingRedis(client: RedisClientType, timeoutMs: number): Promise<boolean> {
  if (!client.isReady) return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      client.ping().then((answer) => answer === 'PONG'),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
