import type { PlanId } from '@parley/contracts';

/** `now` is epoch milliseconds. */
export type AccountCommand =
  /** A new account (an owner or admin registered): STANDARD, keeping the plan picked at sign-up. */
  { type: 'AssignInitialPlan'; accountId: string; selectedPlan: PlanId; now: number };
