import type { PlanId } from '@parley/contracts';
import { executeCommand } from '@parley/eventstore';
import { accountDecider } from '../domain/account/decide';
import type { AccountState } from '../domain/account/state';
import { parseAccountId } from './account-id';
import { accountSubject, type BillingDeps } from './deps';

/**
 * Gives a newly registered account its first plan. The command id is derived from the account,
 * so however often the registration arrives (redelivery, a replayed reactor, several replicas),
 * the account's stream holds one initial assignment.
 */
export async function assignInitialPlan(
  deps: Pick<BillingDeps, 'store' | 'clock'>,
  input: { accountId: string; selectedPlan: PlanId; causationId: string },
): Promise<{ state: AccountState; version: number }> {
  const accountId = parseAccountId(input.accountId);
  const outcome = await executeCommand(
    deps.store,
    accountSubject(deps.store, accountId),
    accountDecider,
    { type: 'AssignInitialPlan', accountId, selectedPlan: input.selectedPlan, now: deps.clock() },
    { commandId: `initial-plan-${accountId}`, meta: { causationId: input.causationId } },
  );
  return { state: outcome.state, version: outcome.version };
}
