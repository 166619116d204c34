import type { NewsletterEvent } from '../../domain/newsletter/events';
import { NewsletterEventType as T } from '../../domain/newsletter/events';

/** One row of newsletter_subscribers; timestamps as ISO 8601 strings. */
export interface SubscriberRow {
  subscriberId: string;
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  requestedAt: string;
  confirmationMails: number;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  updatedAt: string;
}

/**
 * The row after an event. Pure; the projection reads the row, applies this and writes it back in
 * the checkpoint's transaction. A confirm or unsubscribe for an address without a row (an
 * impossible history) leaves it absent rather than inventing a request.
 */
export function evolveSubscriber(
  row: SubscriberRow | null,
  subscriberId: string,
  event: NewsletterEvent,
): SubscriberRow | null {
  switch (event.type) {
    case T.SubscriptionRequested:
      return {
        subscriberId,
        email: event.data.email,
        status: 'pending',
        requestedAt: event.data.requestedAt,
        confirmationMails: (row?.confirmationMails ?? 0) + 1,
        // Only a pending or unsubscribed address asks (the decider), so this starts a subscription.
        confirmedAt: null,
        unsubscribedAt: null,
        updatedAt: event.data.requestedAt,
      };
    case T.SubscriptionConfirmed:
      if (!row) return null;
      return {
        ...row,
        status: 'confirmed',
        confirmedAt: event.data.confirmedAt,
        updatedAt: event.data.confirmedAt,
      };
    case T.Unsubscribed:
      if (!row) return null;
      return {
        ...row,
        status: 'unsubscribed',
        unsubscribedAt: event.data.unsubscribedAt,
        updatedAt: event.data.unsubscribedAt,
      };
    default:
      return row;
  }
}
