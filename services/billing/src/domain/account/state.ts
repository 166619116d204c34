import type { PlanId, PlanLimits } from '@parley/contracts';
import type { AccountEvent } from './events';
import { AccountEventType as T } from './events';

export interface AccountState {
  /** null until the account's first plan is assigned. */
  plan: PlanId | null;
  selectedPlan: PlanId | null;
  /** The limits as recorded with the last change (what consumers were told). */
  limits: PlanLimits | null;
  changedAt: string | null;
}

export const initialAccountState: AccountState = {
  plan: null,
  selectedPlan: null,
  limits: null,
  changedAt: null,
};

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case T.AccountPlanChanged:
      return {
        plan: event.data.plan,
        selectedPlan: event.data.selectedPlan,
        limits: event.data.limits,
        changedAt: event.data.changedAt,
      };
    default:
      return state;
  }
}
