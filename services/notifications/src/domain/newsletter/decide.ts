import { NEWSLETTER_CONFIRM_LINK_TTL_MS, NEWSLETTER_MAIL_INTERVAL_MS } from '@parley/contracts';
import type { Decider } from '@parley/eventstore';
import type { NewsletterCommand } from './commands';
import { linkExpired, linkInvalid } from './errors';
import type { NewsletterEvent } from './events';
import { NewsletterEventType as T } from './events';
import { evolveNewsletter, initialNewsletterState, type NewsletterState } from './state';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Double opt-in for one address. A request records SubscriptionRequested, and each of those sends
 * one confirmation mail, so the mail rules live here: none for a confirmed address, and at most
 * one per NEWSLETTER_MAIL_INTERVAL_MS whatever the state.
 */
export function decideNewsletter(command: NewsletterCommand, state: NewsletterState): NewsletterEvent[] {
  switch (command.type) {
    case 'RequestSubscription': {
      if (state.status === 'confirmed') return [];
      if (state.lastRequestedAt !== null && command.now - state.lastRequestedAt < NEWSLETTER_MAIL_INTERVAL_MS)
        return [];
      return [
        { type: T.SubscriptionRequested, data: { email: command.email, requestedAt: iso(command.now) } },
      ];
    }
    case 'ConfirmSubscription': {
      if (state.status === 'none' || !state.email) throw linkInvalid();
      // Unsubscribing voids every confirm link mailed before it: an old mail cannot subscribe again.
      if (state.unsubscribedAt !== null && command.linkIssuedAt <= state.unsubscribedAt) throw linkInvalid();
      if (state.status === 'confirmed') return [];
      if (state.status !== 'pending') throw linkInvalid();
      if (command.now >= command.linkIssuedAt + NEWSLETTER_CONFIRM_LINK_TTL_MS) throw linkExpired();
      return [{ type: T.SubscriptionConfirmed, data: { email: state.email, confirmedAt: iso(command.now) } }];
    }
    case 'Unsubscribe': {
      if (state.status === 'none' || !state.email) throw linkInvalid();
      if (state.status === 'unsubscribed') return [];
      return [{ type: T.Unsubscribed, data: { email: state.email, unsubscribedAt: iso(command.now) } }];
    }
    default:
      return [];
  }
}

export const newsletterDecider: Decider<NewsletterCommand, NewsletterEvent, NewsletterState> = {
  initialState: initialNewsletterState,
  evolve: evolveNewsletter,
  decide: decideNewsletter,
};
