import { createHash } from 'node:crypto';
import { MarketingEvent } from '@parley/contracts';
import type { Decider } from '@parley/eventstore';
import type { ContactUnsubscribed } from '../../domain/marketing/events';
import { normalEmail } from '../../projections/marketing/contact-rows';
import { readUnsubscribeToken } from '../../security/unsubscribe-token';
import { runMarketing, type MarketingDeps } from './deps';

type Command = { accountId: string; domainId: string; email: string; campaignId: string | null; at: string };

/** marketing.contact.<id>: once unsubscribed, an address stays so (another link adds nothing). */
const contactDecider: Decider<Command, ContactUnsubscribed, { unsubscribed: boolean }> = {
  initialState: { unsubscribed: false },
  evolve: () => ({ unsubscribed: true }),
  decide: (command, state) =>
    state.unsubscribed ? [] : [{ type: MarketingEvent.ContactUnsubscribed, data: command }],
};

export const contactAggregateId = (domainId: string, email: string) =>
  createHash('sha256')
    .update(`${domainId}\0${normalEmail(email)}`)
    .digest('hex');

/**
 * The link of a campaign mail (GET from the mail, or the mail client's one-click POST): the
 * address gets no campaign of that domain again. A link that does not verify is 'invalid'; the
 * owner's test copy carries one on purpose.
 */
export async function unsubscribe(
  deps: MarketingDeps,
  token: string,
): Promise<{ outcome: 'unsubscribed' | 'invalid' }> {
  const claims = readUnsubscribeToken(deps.unsubscribeKey, token);
  if (!claims) return { outcome: 'invalid' };
  const { rows } = await deps.pool.query<{ account_id: string }>(
    `SELECT account_id FROM marketing_contacts WHERE domain_id = $1 AND email = $2
     UNION ALL SELECT account_id FROM notification_domains WHERE domain_id = $1 LIMIT 1`,
    [claims.domainId, normalEmail(claims.email)],
  );
  const accountId = rows[0]?.account_id;
  if (!accountId) return { outcome: 'invalid' };
  await runMarketing(
    deps,
    'contact',
    contactAggregateId(claims.domainId, claims.email),
    contactDecider,
    {
      accountId,
      domainId: claims.domainId,
      email: normalEmail(claims.email),
      campaignId: claims.campaignId || null,
      at: deps.clock().toISOString(),
    },
    'visitor',
  );
  return { outcome: 'unsubscribed' };
}
