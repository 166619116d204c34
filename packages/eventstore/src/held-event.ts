import type { DomainEvent, RecordedEvent } from './api';
import { BATCH_SIZE_HEADER, decodeEvent, MSG_ID_HEADER, type StoredEventMessage } from './wire';

/**
 * An event as the history cache holds it: where it sits in the log and in its append, and its
 * payload as stored. Nothing in it is shared with a caller (an appended event's payload is the
 * store's own encoding of it), and every read decodes afresh: no reader shares objects with the
 * cache or with another reader, without copying the history on every append.
 */
export interface HeldEvent {
  readonly subject: string;
  readonly sequence: number;
  readonly eventId: string;
  readonly batch?: { readonly commandId: string; readonly index: number; readonly size: number };
  /** The JSON payload as it is in the log (wire.ts); never changed after it is held. */
  readonly payload: Uint8Array;
}

/** `event` as held, with `payload`, the bytes it was stored as. */
export function heldEvent(event: RecordedEvent, payload: Uint8Array): HeldEvent {
  const { subject, sequence, eventId, batch } = event;
  return batch ? { subject, sequence, eventId, batch, payload } : { subject, sequence, eventId, payload };
}

/** A fresh RecordedEvent from a held one, exactly as a read of the log would decode it. */
export function readHeld<E extends DomainEvent>(held: HeldEvent): RecordedEvent<E> {
  return decodeEvent<E>(asStored(held));
}

function asStored(held: HeldEvent): StoredEventMessage {
  return {
    subject: held.subject,
    seq: held.sequence,
    data: held.payload,
    header: (name) =>
      name === MSG_ID_HEADER
        ? held.eventId
        : name === BATCH_SIZE_HEADER && held.batch
          ? String(held.batch.size)
          : undefined,
  };
}
