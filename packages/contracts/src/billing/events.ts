import { z } from 'zod';
import { PLAN_IDS } from '../plans';

/**
 * Billing's public events (stream BILLING): plan changes on billing.account.<accountId>, request
 * usage on billing.usage.<accountId>_<periodKey> (one aggregate per account and billing period).
 */
export const BILLING_STREAM = 'BILLING';

export const BillingEvent = {
  AccountPlanChanged: 'billing.AccountPlanChanged',
  /** One assistant answer used one request of the plan's credits. */
  RequestConsumed: 'billing.RequestConsumed',
  /** Usage reached the warning threshold (80% of the limit); once per account and period. */
  UsageWarningReached: 'billing.UsageWarningReached',
  /** Usage reached the limit: the assistant stops answering; once per account and period. */
  UsageLimitReached: 'billing.UsageLimitReached',
} as const;

/** Spec section 9: 'Usage warning threshold: 80% of request limit'. */
export const USAGE_WARNING_PERCENT = 80;

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

/** The billing period a usage count belongs to; ISO-8601 UTC, start inclusive, end exclusive. */
const usagePeriodFields = {
  accountId: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
};

export const requestConsumedSchema = z.object({
  ...usagePeriodFields,
  /** The caller's idempotency key (the assistant uses the visitor message it answers). */
  requestId: z.string(),
  requestsUsed: z.number().int(),
  requestLimit: z.number().int(),
  consumedAt: z.string(),
});
export type RequestConsumed = z.infer<typeof requestConsumedSchema>;

/** Both thresholds carry the same facts; the event type says which one was reached. */
export const usageThresholdReachedSchema = z.object({
  ...usagePeriodFields,
  plan: z.enum(PLAN_IDS),
  requestsUsed: z.number().int(),
  requestLimit: z.number().int(),
  reachedAt: z.string(),
});
export type UsageThresholdReached = z.infer<typeof usageThresholdReachedSchema>;
