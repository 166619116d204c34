import { createHash } from 'node:crypto';
import { unseal } from '@parley/contracts/sealing';
import { NewsletterEventType as T } from '../../domain/newsletter/events';
import { deriveLinkKey, readLinkToken } from '../../security/link-token';
import { newsletterConfirmationMail } from './confirmation-mail';

const sealKey = 'test-seal-key-0123456789';
const settings = { appUrl: 'https://app.parley.example', linkKey: deriveLinkKey(sealKey), sealKey };
const subscriberId = createHash('sha256').update('ann@example.com').digest('hex');
const requestedAt = '2030-01-01T10:00:00.123Z';
const event = {
  type: T.SubscriptionRequested,
  data: { email: 'ann@example.com', requestedAt },
};

describe('newsletterConfirmationMail', () => {
  const mail = newsletterConfirmationMail({ eventId: 'cmd-7:0' }, event, subscriberId, settings);

  it('asks for the confirmation mail, keyed by the event id, expiring with its link after 7 days', () => {
    expect(mail).toMatchObject({
      id: 'cmd-7:0',
      template: 'newsletter-confirmation',
      recipient: 'ann@example.com',
      data: { email: 'ann@example.com' },
      expiresAt: new Date('2030-01-08T10:00:00.123Z'),
    });
  });

  it('seals both links; they point at the frontend origin and carry tokens for this address and request', () => {
    const confirmUrl = new URL(unseal(mail.sealedSecrets!.confirmUrl!, sealKey));
    const unsubscribeUrl = new URL(unseal(mail.sealedSecrets!.unsubscribeUrl!, sealKey));
    expect(`${confirmUrl.origin}${confirmUrl.pathname}`).toBe(
      'https://app.parley.example/api/newsletter/confirm',
    );
    expect(`${unsubscribeUrl.origin}${unsubscribeUrl.pathname}`).toBe(
      'https://app.parley.example/api/newsletter/unsubscribe',
    );
    const issuedAt = Date.parse(requestedAt);
    expect(readLinkToken(settings.linkKey, confirmUrl.searchParams.get('token')!, 'confirm')).toEqual({
      purpose: 'confirm',
      subscriberId,
      issuedAt,
    });
    expect(readLinkToken(settings.linkKey, unsubscribeUrl.searchParams.get('token')!, 'unsubscribe')).toEqual(
      {
        purpose: 'unsubscribe',
        subscriberId,
        issuedAt,
      },
    );
    expect(JSON.stringify(mail)).not.toContain('token=');
  });

  it('throws on a request time that is not a date', () => {
    expect(() =>
      newsletterConfirmationMail(
        { eventId: 'cmd-8:0' },
        { ...event, data: { ...event.data, requestedAt: 'soon' } },
        subscriberId,
        settings,
      ),
    ).toThrow('malformed notifications.NewsletterSubscriptionRequested cmd-8:0');
  });
});
