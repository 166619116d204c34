import { connect, type ConnectionOptions, type NatsConnection } from 'nats';

export const TEST_NATS_URL = process.env.NATS_URL || 'nats://127.0.0.1:4222';

/** A connection to the local JetStream server; close it (nc.close()) at the end of the test. */
export async function connectTestNats(options: Partial<ConnectionOptions> = {}): Promise<NatsConnection> {
  return connect({ servers: TEST_NATS_URL, name: 'parley-test', maxReconnectAttempts: 10, ...options });
}

/**
 * Deletes every stream of a test namespace (`<NS>_*`). Refuses an empty namespace, so a test can
 * never remove the real, un-namespaced streams. Stream deletion is allowed although the streams
 * deny purge and message deletion: those settings guard the events, not the stream's existence.
 */
export async function deleteNamespaceStreams(nc: NatsConnection, namespace: string): Promise<void> {
  if (!/^[A-Za-z0-9_-]+$/.test(namespace ?? ''))
    throw new Error(`refusing to delete streams of namespace ${JSON.stringify(namespace)}`);
  const jsm = await nc.jetstreamManager();
  const prefix = `${namespace.toUpperCase()}_`;
  const names: string[] = [];
  for await (const name of jsm.streams.names()) if (name.startsWith(prefix)) names.push(name);
  for (const name of names) {
    await jsm.streams.delete(name).catch((e: unknown) => {
      if (!/stream not found/i.test((e as Error).message)) throw e;
    });
  }
}
