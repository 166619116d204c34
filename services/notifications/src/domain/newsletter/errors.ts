import { notificationsError } from '@parley/contracts';

/** A link we never issued for this address's current subscription, or one an unsubscribe voided. */
export const linkInvalid = () =>
  notificationsError('not_found', 'This link is not valid.', 'NEWSLETTER_LINK_INVALID');

export const linkExpired = () =>
  notificationsError('precondition', 'This link has expired.', 'NEWSLETTER_LINK_EXPIRED');
