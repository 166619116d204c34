import { z } from 'zod';
import { PLAN_IDS } from '../plans';

/** Billing's public events (stream BILLING, subjects billing.account.<accountId>). */
export const BILLING_STREAM = 'BILLING';

export const BillingEvent = {
  AccountPlanChanged: 'billing.AccountPlanChanged',
} as const;

/** What a plan allows; -1 means unlimited. Services that enforce a limit keep these in their own read models. */
export const planLimitsSchema = z.object({
  maxDomains: z.number().int(),
  credits: z.number().int(),
  contacts: z.number().int(),
  emailsPerMonth: z.number().int(),
});
export type PlanLimits = z.infer<typeof planLimitsSchema>;

/**
 * Emitted when an account gets its first plan and whenever it changes; carries the limits.
 * `selectedPlan` is what the owner picked (at sign-up): a paid pick stays selected, not current,
 * until a payment moves `plan`. Consumers that only enforce limits may ignore it.
 */
export const accountPlanChangedSchema = z.object({
  accountId: z.string(),
  plan: z.enum(PLAN_IDS),
  selectedPlan: z.enum(PLAN_IDS),
  limits: planLimitsSchema,
  changedAt: z.string(),
});
export type AccountPlanChanged = z.infer<typeof accountPlanChangedSchema>;
