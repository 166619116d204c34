import type { Folded } from '@parley/eventstore';
import type { NewsletterEvent } from './events';
import { NewsletterEventType as T } from './events';

export type NewsletterStatus = 'none' | 'pending' | 'confirmed' | 'unsubscribed';

export interface NewsletterState {
  status: NewsletterStatus;
  email: string | null;
  /** When the last confirmation mail was asked for (epoch ms): the throttle counts from here. */
  lastRequestedAt: number | null;
  /** Confirm links mailed before this moment no longer work (epoch ms). */
  unsubscribedAt: number | null;
}

export const initialNewsletterState: NewsletterState = {
  status: 'none',
  email: null,
  lastRequestedAt: null,
  unsubscribedAt: null,
};

const ms = (iso: string) => Date.parse(iso);

export function evolveNewsletter(
  state: Folded<NewsletterState>,
  event: NewsletterEvent,
): Folded<NewsletterState> {
  switch (event.type) {
    case T.SubscriptionRequested:
      return {
        ...state,
        status: 'pending',
        email: event.data.email,
        lastRequestedAt: ms(event.data.requestedAt),
      };
    case T.SubscriptionConfirmed:
      return { ...state, status: 'confirmed', email: event.data.email };
    case T.Unsubscribed:
      return {
        ...state,
        status: 'unsubscribed',
        email: event.data.email,
        unsubscribedAt: ms(event.data.unsubscribedAt),
      };
    default:
      return state;
  }
}
