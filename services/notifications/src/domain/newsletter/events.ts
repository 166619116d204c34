import {
  NewsletterEvent,
  type NewsletterSubscriptionConfirmed,
  type NewsletterSubscriptionRequested,
  type NewsletterUnsubscribed,
} from '@parley/contracts';
import type { DomainEvent } from '@parley/eventstore';

/** The newsletter subscription's events; names and payloads are public (packages/contracts). */
export const NewsletterEventType = NewsletterEvent;

export type SubscriptionRequested = DomainEvent<
  typeof NewsletterEvent.SubscriptionRequested,
  NewsletterSubscriptionRequested
>;
export type SubscriptionConfirmed = DomainEvent<
  typeof NewsletterEvent.SubscriptionConfirmed,
  NewsletterSubscriptionConfirmed
>;
export type Unsubscribed = DomainEvent<typeof NewsletterEvent.Unsubscribed, NewsletterUnsubscribed>;

export type NewsletterEvent = SubscriptionRequested | SubscriptionConfirmed | Unsubscribed;
