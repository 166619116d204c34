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
  /** A paid subscription began (the account moves to its plan with AccountPlanChanged). */
  SubscriptionStarted: 'billing.SubscriptionStarted',
  /** The subscription moved into a new paid period. */
  SubscriptionRenewed: 'billing.SubscriptionRenewed',
  /** The owner cancelled: the subscription ends at the end of the current period. */
  SubscriptionCancelScheduled: 'billing.SubscriptionCancelScheduled',
  /** A scheduled cancellation was taken back. */
  SubscriptionResumed: 'billing.SubscriptionResumed',
  /** The provider's status changed other than by starting or ending (past_due, unpaid, active again). */
  SubscriptionStatusChanged: 'billing.SubscriptionStatusChanged',
  /** The subscription is over (cancelled at period end, cancelled now, never paid). */
  SubscriptionEnded: 'billing.SubscriptionEnded',
  /** A charge for the account's subscription was declined (first payment or a renewal). */
  PaymentFailed: 'billing.PaymentFailed',
  /** The owner's connected account (Stripe Connect) as its webhook reported it: can it take charges? */
  PayoutAccountUpdated: 'billing.PayoutAccountUpdated',
  /** A visitor paid for an order in the widget (to the owner's connected account). */
  OrderPaid: 'billing.OrderPaid',
} as const;

/** Stripe's subscription statuses, as billing records them. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The subscription as the provider last reported it; times ISO-8601 UTC. */
export const subscriptionSnapshotSchema = z.object({
  subscriptionId: z.string(),
  customerId: z.string(),
  plan: z.enum(PLAN_IDS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
});
export type SubscriptionSnapshot = z.infer<typeof subscriptionSnapshotSchema>;

/** Every subscription event carries the account and the subscription as it now is, and when. */
export const subscriptionEventSchema = subscriptionSnapshotSchema.extend({
  accountId: z.string(),
  /** For SubscriptionStatusChanged: the status before; for SubscriptionEnded: the last status before the end. */
  previousStatus: z.enum(SUBSCRIPTION_STATUSES).optional(),
  at: z.string(),
});
export type SubscriptionEventData = z.infer<typeof subscriptionEventSchema>;

export const paymentFailedSchema = z.object({
  accountId: z.string(),
  subscriptionId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  /** The provider's message ('Your card was declined.'). */
  message: z.string(),
  failedAt: z.string(),
});
export type PaymentFailedData = z.infer<typeof paymentFailedSchema>;

/** The owner's connected account; `chargesEnabled` is what lets a domain turn payments on. */
export const payoutAccountUpdatedSchema = z.object({
  accountId: z.string(),
  connectedAccountId: z.string(),
  chargesEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
  updatedAt: z.string(),
});
export type PayoutAccountUpdatedData = z.infer<typeof payoutAccountUpdatedSchema>;

/** One paid order: what the owner sees as a note in the room, a notification and a dashboard row. */
export const orderPaidSchema = z.object({
  accountId: z.string(),
  /** The payment intent's id. */
  orderId: z.string(),
  domainId: z.string(),
  customerId: z.string(),
  /** The visitor's conversation when it had one; the note goes there. */
  roomId: z.string().nullable(),
  productId: z.string(),
  productName: z.string(),
  /** 'Mug — Size: Large × 2' */
  description: z.string(),
  quantity: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  paidAt: z.string(),
});
export type OrderPaidData = z.infer<typeof orderPaidSchema>;

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
