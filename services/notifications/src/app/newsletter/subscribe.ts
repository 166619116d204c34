import { randomUUID } from 'node:crypto';
import { newsletterSubscribeSchema, notificationsError } from '@parley/contracts';
import { fieldErrors } from '@parley/contracts/validation';
import { executeCommand } from '@parley/eventstore';
import { newsletterDecider } from '../../domain/newsletter/decide';
import { newsletterSubject, type NewsletterDeps } from './deps';
import { subscriberIdOf } from './subscriber-id';

/** The address as the form sends it: checked with the shared rule, then trimmed and lower-cased. */
export function parseSubscriberEmail(input: unknown): string {
  const result = newsletterSubscribeSchema.safeParse({ email: input });
  if (result.success) return result.data.email;
  const fields = fieldErrors(result.error);
  throw notificationsError('validation', fields[0]?.message ?? 'Invalid request', 'VALIDATION', fields);
}

/**
 * Records a subscription request; the decider leaves out the mail for a confirmed address or one
 * mailed in the last 10 minutes. The caller learns none of that (no enumeration of subscribers).
 */
export async function subscribeToNewsletter(deps: NewsletterDeps, input: { email: string }): Promise<void> {
  const email = parseSubscriberEmail(input.email);
  const subscriberId = subscriberIdOf(email);
  const outcome = await executeCommand(
    deps.store,
    newsletterSubject(deps.store, subscriberId),
    newsletterDecider,
    { type: 'RequestSubscription', email, now: deps.clock() },
    { commandId: randomUUID() },
  );
  deps.logger.info(
    { subscriberId, mailRequested: outcome.events.length > 0, status: outcome.state.status },
    'newsletter subscription requested',
  );
}
