import type { RecordedEvent } from '@parley/eventstore';
import type { OutboxEntry } from '../outbox/outbox-entry';

/**
 * The outbox row for one of identity's mail events: keyed by the event, carrying the secret as
 * identity sealed it (only the sender opens it, in memory), never sent after the event's own
 * expiry. An expiry that is not a date throws (retried, then dead-lettered).
 */
export function sealedMail(
  event: RecordedEvent,
  mail: Pick<OutboxEntry, 'template' | 'recipient' | 'data'> & {
    sealedSecrets: Record<string, string>;
    expiresAt: string;
  },
): OutboxEntry {
  const expiry = new Date(mail.expiresAt);
  if (Number.isNaN(expiry.getTime()))
    throw new Error(`malformed ${event.type} ${event.eventId}: expiresAt is not a date`);
  return {
    id: event.eventId,
    template: mail.template,
    recipient: mail.recipient,
    data: mail.data,
    sealedSecrets: mail.sealedSecrets,
    expiresAt: expiry,
  };
}
