import { AppError } from '@parley/contracts';
import { API_KEY_MESSAGES } from '@parley/contracts/validation';
import type { Principal } from '../../auth/claims';
import type { BillingClient } from '../../clients/billing-client';
import type { CallContext } from '../../clients/call-context';

export const planRequired = () =>
  new AppError('forbidden', API_KEY_MESSAGES.planRequired, [], 'PLAN_REQUIRED');

/** API access is a PRO feature (spec, plans): billing says which plan the account is on now. */
export async function requireApiPlan(
  billing: BillingClient,
  principal: Principal,
  context?: CallContext,
): Promise<void> {
  const plan = await billing.getAccountPlan(principal, context);
  if (plan.plan !== 'PRO') throw planRequired();
}
