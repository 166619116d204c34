import { randomUUID } from 'node:crypto';
import { isNotificationsRefusal, type NewsletterLinkOutcome } from '@parley/contracts';
import { executeCommand } from '@parley/eventstore';
import type { NewsletterCommand } from '../../domain/newsletter/commands';
import { newsletterDecider } from '../../domain/newsletter/decide';
import { readLinkToken, type LinkPurpose } from '../../security/link-token';
import { newsletterSubject, type NewsletterDeps } from './deps';

/** How long a link's answer waits for the read model to show it before answering anyway. */
const READ_MODEL_WAIT_MS = 5000;

type LinkOutcome = Exclude<NewsletterLinkOutcome, 'unavailable'>;

async function follow(
  deps: NewsletterDeps,
  token: string,
  purpose: LinkPurpose,
  command: (issuedAt: number, now: number) => NewsletterCommand,
  outcomeOf: (changed: boolean) => LinkOutcome,
): Promise<LinkOutcome> {
  // A bad signature is answered before any I/O: guessing costs the guesser, not the event store.
  const claims = readLinkToken(deps.linkKey, token, purpose);
  if (!claims) return 'invalid';
  let changed: boolean;
  let version: number;
  try {
    const outcome = await executeCommand(
      deps.store,
      newsletterSubject(deps.store, claims.subscriberId),
      newsletterDecider,
      command(claims.issuedAt, deps.clock()),
      { commandId: randomUUID() },
    );
    changed = outcome.events.length > 0;
    version = outcome.version;
  } catch (e) {
    if (isNotificationsRefusal(e, 'NEWSLETTER_LINK_INVALID')) return 'invalid';
    if (isNotificationsRefusal(e, 'NEWSLETTER_LINK_EXPIRED')) return 'expired';
    throw e;
  }
  try {
    await deps.subscribers.waitFor(version, READ_MODEL_WAIT_MS);
  } catch (e) {
    // Recorded all the same; the read model catches up on its own.
    deps.logger.warn({ err: e, subscriberId: claims.subscriberId }, 'newsletter read model is behind');
  }
  const result = outcomeOf(changed);
  deps.logger.info(
    { subscriberId: claims.subscriberId, purpose, outcome: result },
    'newsletter link followed',
  );
  return result;
}

export function confirmNewsletterSubscription(deps: NewsletterDeps, token: string): Promise<LinkOutcome> {
  return follow(
    deps,
    token,
    'confirm',
    (linkIssuedAt, now) => ({ type: 'ConfirmSubscription', linkIssuedAt, now }),
    (changed) => (changed ? 'confirmed' : 'already-confirmed'),
  );
}

/** Unsubscribing twice answers `unsubscribed` both times: the address is off the list either way. */
export function unsubscribeFromNewsletter(deps: NewsletterDeps, token: string): Promise<LinkOutcome> {
  return follow(
    deps,
    token,
    'unsubscribe',
    (_issuedAt, now) => ({ type: 'Unsubscribe', now }),
    () => 'unsubscribed',
  );
}
