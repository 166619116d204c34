import { domainAddedSchema, domainDeletedSchema } from '@parley/contracts';
import type { RecordedEvent } from '@parley/eventstore';
import type { DomainAggregateEvent } from '../domain/domain/events';
import { DomainEventType as T } from '../domain/domain/events';

const KNOWN = new Set<string>(Object.values(T));

/**
 * A recorded domain event as the aggregate's union; null for a type this version does not know.
 * The public payloads are checked against their contracts: a malformed one throws, and the
 * projection runner retries and then dead-letters it.
 */
export function asDomainEvent(recorded: RecordedEvent): DomainAggregateEvent | null {
  if (!KNOWN.has(recorded.type)) return null;
  const schema =
    recorded.type === T.Added ? domainAddedSchema : recorded.type === T.Deleted ? domainDeletedSchema : null;
  if (schema) {
    const parsed = schema.safeParse(recorded.data);
    if (!parsed.success) throw new Error(`malformed ${recorded.type} ${recorded.eventId}`);
  }
  return { type: recorded.type, data: recorded.data } as DomainAggregateEvent;
}
