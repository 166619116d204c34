import type { Projection } from '@parley/projections';
import { NewsletterEventType as T } from '../../domain/newsletter/events';
import { enqueueMail } from '../../outbox/outbox-store';
import { asNewsletterEvent, subscriberIdOfSubject } from '../../app/newsletter/recorded';
import { newsletterConfirmationMail, type NewsletterLinkSettings } from './confirmation-mail';

/**
 * Each SubscriptionRequested becomes one confirmation mail in the outbox, in the runner's
 * transaction (row and checkpoint commit together). The decider already left out the requests
 * that must not mail, so this needs no state of its own.
 */
export function newsletterMailProjection(
  settings: NewsletterLinkSettings,
  clock: () => Date = () => new Date(),
): Projection {
  return {
    name: 'notifications-newsletter-mail-v1',
    context: 'notifications',
    aggregate: 'newsletter',
    async apply(tx, recorded) {
      const event = asNewsletterEvent(recorded);
      if (event?.type !== T.SubscriptionRequested) return;
      const mail = newsletterConfirmationMail(
        recorded,
        event,
        subscriberIdOfSubject(recorded.subject),
        settings,
      );
      await enqueueMail(tx, mail, clock());
    },
  };
}
