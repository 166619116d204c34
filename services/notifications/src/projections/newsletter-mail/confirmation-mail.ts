import { NEWSLETTER_CONFIRM_LINK_TTL_MS } from '@parley/contracts';
import { seal } from '@parley/contracts/sealing';
import type { RecordedEvent } from '@parley/eventstore';
import type { SubscriptionRequested } from '../../domain/newsletter/events';
import { newsletterConfirmationTemplate } from '../../mail/templates/newsletter-confirmation';
import type { OutboxEntry } from '../../outbox/outbox-entry';
import { createLinkToken } from '../../security/link-token';

export interface NewsletterLinkSettings {
  /** The frontend's public origin (no trailing slash); it forwards /api to the gateway. */
  appUrl: string;
  linkKey: Buffer;
  sealKey: string;
}

/** The two links of a confirmation mail, on the frontend's origin. */
export function newsletterLinks(
  settings: Pick<NewsletterLinkSettings, 'appUrl' | 'linkKey'>,
  subscriberId: string,
  issuedAt: number,
): { confirmUrl: string; unsubscribeUrl: string } {
  const link = (purpose: 'confirm' | 'unsubscribe') =>
    `${settings.appUrl}/api/newsletter/${purpose}?token=${createLinkToken(settings.linkKey, { purpose, subscriberId, issuedAt })}`;
  return { confirmUrl: link('confirm'), unsubscribeUrl: link('unsubscribe') };
}

/**
 * The confirmation mail for one SubscriptionRequested, keyed by its event id (a redelivery adds
 * nothing). The links are sealed like any mail secret, and the mail is never sent once they expire.
 */
export function newsletterConfirmationMail(
  recorded: Pick<RecordedEvent, 'eventId'>,
  event: SubscriptionRequested,
  subscriberId: string,
  settings: NewsletterLinkSettings,
): OutboxEntry {
  const issuedAt = Date.parse(event.data.requestedAt);
  if (Number.isNaN(issuedAt))
    throw new Error(`malformed ${event.type} ${recorded.eventId}: requestedAt is not a date`);
  const links = newsletterLinks(settings, subscriberId, issuedAt);
  return {
    id: recorded.eventId,
    template: newsletterConfirmationTemplate.name,
    recipient: event.data.email,
    data: { email: event.data.email },
    sealedSecrets: {
      confirmUrl: seal(links.confirmUrl, settings.sealKey),
      unsubscribeUrl: seal(links.unsubscribeUrl, settings.sealKey),
    },
    expiresAt: new Date(issuedAt + NEWSLETTER_CONFIRM_LINK_TTL_MS),
  };
}
