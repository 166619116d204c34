/**
 * How an event looks on the wire. Payload: JSON `{ type, data, occurredAt, meta }`. Headers:
 * the type (so consumers can route without parsing), the msgID JetStream de-duplicates on
 * (`<commandId>:<index>`, read back as the event id) and the size of the append it belongs to
 * (so a reader can tell a complete command from one that stopped half-way).
 */
import { headers as natsHeaders, type MsgHdrs } from 'nats';
import type { DomainEvent, RecordedEvent } from './api';
import { CorruptEventError } from './errors';

export const EVENT_TYPE_HEADER = 'Parley-Event-Type';
export const BATCH_SIZE_HEADER = 'Parley-Batch-Size';
export const MSG_ID_HEADER = 'Nats-Msg-Id';

export interface EventPayload {
  type: string;
  data: unknown;
  occurredAt: string;
  meta: Record<string, string>;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function eventId(commandId: string, index: number): string {
  return `${commandId}:${index}`;
}

/** `<commandId>:<index>` -> its parts; commandIds may themselves contain ':'. */
export function parseEventId(id: string): { commandId: string; index: number } | undefined {
  const at = id.lastIndexOf(':');
  if (at <= 0) return undefined;
  const index = Number(id.slice(at + 1));
  if (!Number.isInteger(index) || index < 0) return undefined;
  return { commandId: id.slice(0, at), index };
}

export function encodePayload(
  event: DomainEvent,
  occurredAt: string,
  meta: Record<string, string>,
): Uint8Array {
  const payload: EventPayload = { type: event.type, data: event.data ?? null, occurredAt, meta };
  return encoder.encode(JSON.stringify(payload));
}

export function eventHeaders(type: string, batchSize: number): MsgHdrs {
  const h = natsHeaders();
  h.set(EVENT_TYPE_HEADER, type);
  h.set(BATCH_SIZE_HEADER, String(batchSize));
  return h;
}

export interface StoredEventMessage {
  subject: string;
  seq: number;
  data: Uint8Array;
  /** Header lookup; undefined/'' when absent. */
  header(name: string): string | undefined;
}

/**
 * A stored message's payload, checked, without its headers: for a reader that wants the event's
 * type, data and meta but not its id or batch (the gateway's relay), since decoding a message's
 * NATS headers allocates a few KB each. Throws CorruptEventError for anything this store did not
 * write.
 */
export function decodePayload(m: Omit<StoredEventMessage, 'header'>): EventPayload {
  let payload: Partial<EventPayload>;
  try {
    payload = JSON.parse(decoder.decode(m.data)) as Partial<EventPayload>;
  } catch {
    throw new CorruptEventError(m.subject, m.seq, 'payload is not JSON');
  }
  if (!payload || typeof payload !== 'object' || typeof payload.type !== 'string' || payload.type === '') {
    throw new CorruptEventError(m.subject, m.seq, 'payload has no type');
  }
  if (typeof payload.occurredAt !== 'string')
    throw new CorruptEventError(m.subject, m.seq, 'payload has no occurredAt');
  const meta = payload.meta ?? {};
  if (typeof meta !== 'object' || Array.isArray(meta))
    throw new CorruptEventError(m.subject, m.seq, 'meta is not an object');
  return { type: payload.type, data: payload.data, occurredAt: payload.occurredAt, meta };
}

/** Stored message -> RecordedEvent. Throws CorruptEventError for anything this store did not write. */
export function decodeEvent<E extends DomainEvent>(m: StoredEventMessage): RecordedEvent<E> {
  const payload = decodePayload(m);
  const meta = payload.meta;
  const id = m.header(MSG_ID_HEADER) || `${m.subject}@${m.seq}`;
  const size = Number(m.header(BATCH_SIZE_HEADER));
  const parsed = parseEventId(id);
  const recorded: RecordedEvent<E> = {
    type: payload.type as E['type'],
    data: payload.data as E['data'],
    subject: m.subject,
    sequence: m.seq,
    eventId: id,
    occurredAt: payload.occurredAt,
    meta: meta as Record<string, string>,
  };
  if (parsed && Number.isInteger(size) && size > 0)
    recorded.batch = { commandId: parsed.commandId, index: parsed.index, size };
  return recorded;
}
