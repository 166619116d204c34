import { z } from 'zod';
import { signupDetailsSchema } from '../validation/auth';

/**
 * The newsletter subscription (stream NOTIFICATIONS, subject
 * notifications.newsletter.<sha256 of the lower-cased address>): double opt-in, so an address is
 * only subscribed once its owner followed the link in the confirmation mail.
 */
export const NewsletterEvent = {
  /** A confirmation mail is due: each of these events sends exactly one. */
  SubscriptionRequested: 'notifications.NewsletterSubscriptionRequested',
  SubscriptionConfirmed: 'notifications.NewsletterSubscriptionConfirmed',
  Unsubscribed: 'notifications.NewsletterUnsubscribed',
} as const;

/** Addresses are stored lower-cased and trimmed, as the request schema leaves them. */
export const newsletterSubscriptionRequestedSchema = z.object({
  email: z.string(),
  requestedAt: z.string(),
});
export type NewsletterSubscriptionRequested = z.infer<typeof newsletterSubscriptionRequestedSchema>;

export const newsletterSubscriptionConfirmedSchema = z.object({
  email: z.string(),
  confirmedAt: z.string(),
});
export type NewsletterSubscriptionConfirmed = z.infer<typeof newsletterSubscriptionConfirmedSchema>;

export const newsletterUnsubscribedSchema = z.object({
  email: z.string(),
  unsubscribedAt: z.string(),
});
export type NewsletterUnsubscribed = z.infer<typeof newsletterUnsubscribedSchema>;

/** POST /api/newsletter: the sign-up form's email rule, with its message 'Incorrect email format'. */
export const newsletterSubscribeSchema = z.object({ email: signupDetailsSchema.shape.email });
export type NewsletterSubscribe = z.infer<typeof newsletterSubscribeSchema>;

/** The one answer to every accepted subscription request, subscribed already or not (no enumeration). */
export const NEWSLETTER_ACCEPTED_MESSAGE = 'Check your inbox to confirm your subscription.';

/**
 * What following a confirm or unsubscribe link came to. The gateway redirects to the frontend's
 * /newsletter?status=<outcome>; `unavailable` is the gateway's own, for a service it cannot reach.
 */
export const NEWSLETTER_LINK_OUTCOMES = [
  'confirmed',
  'already-confirmed',
  'unsubscribed',
  'invalid',
  'expired',
  'unavailable',
] as const;
export type NewsletterLinkOutcome = (typeof NEWSLETTER_LINK_OUTCOMES)[number];

export const isNewsletterLinkOutcome = (value: unknown): value is NewsletterLinkOutcome =>
  typeof value === 'string' && (NEWSLETTER_LINK_OUTCOMES as readonly string[]).includes(value);

/** The frontend page that shows an outcome. */
export const NEWSLETTER_RESULT_PATH = '/newsletter';

/** How long a confirm link works. */
export const NEWSLETTER_CONFIRM_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** At most one confirmation mail per address in this window. */
export const NEWSLETTER_MAIL_INTERVAL_MS = 10 * 60 * 1000;
