import type { Projection } from '@parley/projections';
import { asNewsletterEvent, subscriberIdOfSubject } from '../../app/newsletter/recorded';
import { evolveSubscriber } from './evolve';
import { saveSubscriber, subscriberById } from './queries';

/** newsletter_subscribers: the current state of every address that asked for the newsletter. */
export const newsletterSubscribersProjection: Projection = {
  name: 'notifications-newsletter-subscribers-v1',
  context: 'notifications',
  aggregate: 'newsletter',
  async apply(tx, recorded) {
    const event = asNewsletterEvent(recorded);
    if (!event) return;
    const subscriberId = subscriberIdOfSubject(recorded.subject);
    const before = await subscriberById(tx, subscriberId, { forUpdate: true });
    const after = evolveSubscriber(before, subscriberId, event);
    if (after && after !== before) await saveSubscriber(tx, after);
  },
};
