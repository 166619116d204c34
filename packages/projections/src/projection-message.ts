import { decodeEvent, EVENT_TYPE_HEADER, type RecordedEvent } from '@parley/eventstore';
import type { Logger } from '@parley/logger';
import type { JsMsg } from 'nats';
import type { Pool } from 'pg';
import { park, type ProjectionKey } from './checkpoint';
import { errorText } from './dead-letters';
import { storableDecoded } from './storable';

const decoder = new TextDecoder();

/** The message as the projection gets it: decoded, its content made storable. */
export function decodeMessage(m: JsMsg): RecordedEvent {
  return storableDecoded(
    decodeEvent({
      subject: m.subject,
      seq: m.seq,
      data: m.data,
      header: (n) => m.headers?.get(n) || undefined,
    }),
    m.data,
  );
}

/**
 * Records the message as a dead letter of the projection. Settling the message (advancing the
 * position, terminating or acking it) is the caller's: a shared consumer must not terminate it.
 */
export async function parkMessage(
  pool: Pool,
  key: ProjectionKey,
  log: Logger,
  m: JsMsg,
  error: unknown,
  attempts: number,
): Promise<void> {
  const text = errorText(error);
  await park(pool, key, {
    sequence: m.seq,
    subject: m.subject,
    eventType: m.headers?.get(EVENT_TYPE_HEADER) || undefined,
    payload: decoder.decode(m.data),
    error: text,
    attempts,
  });
  log.error(
    { seq: m.seq, subject: m.subject, attempts, error: text },
    'event parked as dead letter; projection moves on',
  );
}
