import { NatsError, type MsgRequest, type NatsConnection } from 'nats';
import { directGet, type DirectQuery } from './direct-get';
import type { StoredEventMessage } from './wire';

/**
 * One stored message as the log has acknowledged it, even on a replicated stream with a replica
 * behind. A direct get may be answered by any replica, a lagging one with what it has applied so
 * far (seen: a follower 2,762 events behind under load, nats-server 2.9.10). Replicas apply in
 * order, so what one finds by sequence is the log's own answer; only a miss, or a subject's last
 * message, needs the stream's leader ($JS.API.STREAM.MSG.GET). Undefined when the log holds no
 * such message.
 */
export async function exactGet(
  nc: NatsConnection,
  stream: string,
  query: DirectQuery,
  timeoutMs: number,
): Promise<StoredEventMessage | undefined> {
  if (!('last_by_subj' in query)) {
    const found = await directGet(nc, stream, query, timeoutMs);
    if (found) return found;
  }
  return leaderGet(nc, stream, query, timeoutMs);
}

/** JetStream's error code for a get that finds no message (JSNoMessageFoundErr). */
const NO_MESSAGE_FOUND = 10037;

async function leaderGet(
  nc: NatsConnection,
  stream: string,
  query: DirectQuery,
  timeoutMs: number,
): Promise<StoredEventMessage | undefined> {
  // No account check: a manager is then a plain object, cheap to make per read.
  const jsm = await nc.jetstreamManager({ timeout: timeoutMs, checkAPI: false });
  try {
    // next_by_subj is a field of the server's request (2.9+) that the client's type leaves out.
    const m = await jsm.streams.getMessage(stream, query as MsgRequest);
    return { subject: m.subject, seq: m.seq, data: m.data, header: (n) => m.header.get(n) || undefined };
  } catch (e) {
    // Only "no message found": a missing stream is also a 404 (10059), and is an error.
    if (e instanceof NatsError && e.api_error?.err_code === NO_MESSAGE_FOUND) return undefined;
    throw e;
  }
}
