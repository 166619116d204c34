import { isNewsletterLinkOutcome, type NewsletterLinkOutcome } from '@parley/contracts';

/** The outcome named in the query string; anything else reads as a link that does not work. */
export function outcomeOf(status: string | string[] | undefined): NewsletterLinkOutcome {
  const value = Array.isArray(status) ? status[0] : status;
  return isNewsletterLinkOutcome(value) ? value : 'invalid';
}
