import {
  newsletterSubscriptionConfirmedSchema,
  newsletterSubscriptionRequestedSchema,
  newsletterUnsubscribedSchema,
} from '@parley/contracts';
import { parseEventData, type RecordedEvent } from '@parley/eventstore';
import type { z } from 'zod';
import type { NewsletterEvent } from '../../domain/newsletter/events';
import { NewsletterEventType as T } from '../../domain/newsletter/events';
import { SUBSCRIBER_ID_PATTERN } from './subscriber-id';

const schemas: Record<string, z.ZodType> = {
  [T.SubscriptionRequested]: newsletterSubscriptionRequestedSchema,
  [T.SubscriptionConfirmed]: newsletterSubscriptionConfirmedSchema,
  [T.Unsubscribed]: newsletterUnsubscribedSchema,
};

/**
 * A recorded event as the aggregate's own union, its payload checked; null for a type this
 * version does not know. A malformed payload throws: the projection runner retries and then
 * dead-letters it, since no later attempt would make it valid.
 */
export function asNewsletterEvent(recorded: RecordedEvent): NewsletterEvent | null {
  const schema = schemas[recorded.type];
  if (!schema) return null;
  return { type: recorded.type, data: parseEventData(schema, recorded) } as NewsletterEvent;
}

/** notifications.newsletter.<id> (or <ns>.notifications.newsletter.<id>) -> <id>. */
export function subscriberIdOfSubject(subject: string): string {
  const id = subject.split('.').at(-1) ?? '';
  if (!SUBSCRIBER_ID_PATTERN.test(id)) throw new Error(`not a newsletter subject: ${subject}`);
  return id;
}
