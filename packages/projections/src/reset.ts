import { streamName } from '@parley/eventstore';
import type { NatsConnection } from 'nats';
import type { Pool } from 'pg';
import { deleteCheckpoint, readCheckpoint } from './checkpoint';
import { deleteDurable } from './consumer';
import { LeaderLock } from './leader';
import { ensureProjectionSchema } from './schema';

/**
 * Forgets a projection's progress so it replays from the first event: deletes its durable
 * consumer, its checkpoint and its dead letters. Stop every runner of it first (this refuses
 * while one is active), truncate the read model's tables, then start it again.
 * To rebuild without downtime, bump the projection's version instead (new name, new tables).
 */
export async function resetProjection(
  nc: NatsConnection,
  pool: Pool,
  name: string,
  namespace?: string,
): Promise<void> {
  await ensureProjectionSchema(pool);
  const key = { namespace: namespace || '', projection: name };
  const lock = new LeaderLock(pool, `projection:${key.namespace}:${key.projection}`);
  if (!(await lock.tryAcquire()))
    throw new Error(`projection ${name} is running; stop it before resetting it`);
  try {
    const jsm = await nc.jetstreamManager();
    const checkpoint = await readCheckpoint(pool, key);
    const streams = checkpoint ? [checkpoint.stream] : await namespaceStreams(nc, namespace);
    for (const stream of streams) await deleteDurable(jsm, stream, name).catch(ignoreMissingStream);
    await deleteCheckpoint(pool, key);
  } finally {
    await lock.release();
  }
}

/** Without a checkpoint row we do not know the context: look in every stream of the namespace. */
async function namespaceStreams(nc: NatsConnection, namespace?: string): Promise<string[]> {
  const jsm = await nc.jetstreamManager();
  const prefix = namespace ? streamName('x', namespace).slice(0, -1) : undefined; // 'NS_'
  const names: string[] = [];
  for await (const n of jsm.streams.names()) {
    if (prefix ? n.startsWith(prefix) : !n.includes('_')) names.push(n);
  }
  return names;
}

function ignoreMissingStream(e: unknown): void {
  if ((e as { api_error?: { err_code?: number } }).api_error?.err_code === 10059) return;
  throw e;
}
