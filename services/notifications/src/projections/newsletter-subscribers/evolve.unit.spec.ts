import { NewsletterEventType as T } from '../../domain/newsletter/events';
import type { NewsletterEvent } from '../../domain/newsletter/events';
import { evolveSubscriber, type SubscriberRow } from './evolve';

const id = 'a'.repeat(64);
const email = 'ann@example.com';
const requested = (at: string): NewsletterEvent => ({
  type: T.SubscriptionRequested,
  data: { email, requestedAt: at },
});
const confirmed = (at: string): NewsletterEvent => ({
  type: T.SubscriptionConfirmed,
  data: { email, confirmedAt: at },
});
const unsubscribed = (at: string): NewsletterEvent => ({
  type: T.Unsubscribed,
  data: { email, unsubscribedAt: at },
});
const fold = (events: NewsletterEvent[]) =>
  events.reduce<SubscriberRow | null>((row, e) => evolveSubscriber(row, id, e), null);

describe('newsletter_subscribers row', () => {
  it('is pending after a request, counting the confirmation mails', () => {
    expect(fold([requested('2030-01-01T10:00:00.000Z'), requested('2030-01-01T10:20:00.000Z')])).toEqual({
      subscriberId: id,
      email,
      status: 'pending',
      requestedAt: '2030-01-01T10:20:00.000Z',
      confirmationMails: 2,
      confirmedAt: null,
      unsubscribedAt: null,
      updatedAt: '2030-01-01T10:20:00.000Z',
    });
  });

  it('is confirmed with its time, then unsubscribed with its time', () => {
    const row = fold([requested('2030-01-01T10:00:00.000Z'), confirmed('2030-01-01T10:05:00.000Z')]);
    expect(row).toMatchObject({ status: 'confirmed', confirmedAt: '2030-01-01T10:05:00.000Z' });
    expect(evolveSubscriber(row, id, unsubscribed('2030-02-01T00:00:00.000Z'))).toMatchObject({
      status: 'unsubscribed',
      confirmedAt: '2030-01-01T10:05:00.000Z',
      unsubscribedAt: '2030-02-01T00:00:00.000Z',
    });
  });

  it('starts a new subscription when the address asks again after unsubscribing', () => {
    expect(
      fold([
        requested('2030-01-01T10:00:00.000Z'),
        confirmed('2030-01-01T10:05:00.000Z'),
        unsubscribed('2030-02-01T00:00:00.000Z'),
        requested('2030-03-01T00:00:00.000Z'),
      ]),
    ).toMatchObject({ status: 'pending', confirmedAt: null, unsubscribedAt: null, confirmationMails: 2 });
  });

  it('invents no row for a confirm or unsubscribe without a request', () => {
    expect(fold([confirmed('2030-01-01T10:05:00.000Z')])).toBeNull();
    expect(fold([unsubscribed('2030-01-01T10:05:00.000Z')])).toBeNull();
  });
});
