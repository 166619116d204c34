import { PLANS, domainsError } from '@parley/contracts';
import { planLimitOf } from '../projections/account-plans/queries';
import type { DomainsDeps } from './deps';

export const domainReadOnly = (planName: string, maxDomains: number) =>
  domainsError(
    'precondition',
    `This domain is read-only: your ${planName} plan allows ${maxDomains} domain${maxDomains === 1 ? '' : 's'}. Upgrade to Pro, or delete another domain, to change it.`,
    'DOMAIN_READ_ONLY',
  );

/**
 * A plan that lapses or is downgraded deletes nothing: an account keeps every domain, and the
 * oldest ones, as many as the plan allows, stay editable; the rest are read-only (their widget
 * keeps answering) until the plan allows them again or an older one is deleted. Deleting is always
 * allowed. A domain of another account or no domain passes here: the decider answers not found.
 */
export async function assertWritable(
  deps: Pick<DomainsDeps, 'pool'>,
  accountId: string,
  domainId: string,
): Promise<void> {
  const limit = await planLimitOf(deps.pool, accountId);
  if (limit.maxDomains === -1) return;
  const { rows } = await deps.pool.query<{ id: string; rank: string }>(
    `SELECT id, rank FROM (
       SELECT id, row_number() OVER (ORDER BY position) AS rank FROM domains WHERE account_id = $1
     ) ranked WHERE id = $2`,
    [accountId, domainId],
  );
  const row = rows[0];
  if (row && Number(row.rank) > limit.maxDomains)
    throw domainReadOnly(PLANS[limit.plan].name, limit.maxDomains);
}
