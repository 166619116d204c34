import type { SubscriptionStatus } from '@parley/contracts';

/**
 * Which provider statuses pay for the plan. past_due keeps it while the provider retries the
 * charge (Stripe's smart retries); unpaid — retries exhausted — and paused lose it, and canceled
 * or incomplete_expired end the subscription for good. incomplete (first payment not made) never
 * gave the plan.
 */
const ENTITLED: ReadonlySet<SubscriptionStatus> = new Set(['active', 'trialing', 'past_due']);
const TERMINAL: ReadonlySet<SubscriptionStatus> = new Set(['canceled', 'incomplete_expired']);

export const isEntitled = (status: SubscriptionStatus) => ENTITLED.has(status);
export const isTerminal = (status: SubscriptionStatus) => TERMINAL.has(status);
