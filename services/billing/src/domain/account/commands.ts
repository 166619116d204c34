import type { OrderPaidData, PaymentFailedData, PlanId, SubscriptionSnapshot } from '@parley/contracts';

/** The owner's connected account as Stripe's `account.updated` reported it. */
export interface PayoutAccountFacts {
  connectedAccountId: string;
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
}

/** `now` is epoch milliseconds. */
export type AccountCommand =
  /** A new account (an owner or admin registered): STANDARD, keeping the plan picked at sign-up. */
  | { type: 'AssignInitialPlan'; accountId: string; selectedPlan: PlanId; now: number }
  /**
   * The subscription as the payment provider now reports it (read from the provider after one of
   * its webhooks, or from its answer to billing's own call): the decider records what changed.
   */
  | { type: 'SyncSubscription'; accountId: string; snapshot: SubscriptionSnapshot; now: number }
  /** The provider declined a charge for the account's subscription. */
  | {
      type: 'RecordPaymentFailure';
      accountId: string;
      failure: Omit<PaymentFailedData, 'accountId' | 'failedAt'>;
      now: number;
    }
  /** The connected account changed (onboarding finished, charges disabled, ...). */
  | { type: 'RecordPayoutAccount'; accountId: string; payout: PayoutAccountFacts; now: number }
  /** A visitor's order was paid (the provider said so); once per order (the command id is the order). */
  | {
      type: 'RecordOrderPaid';
      accountId: string;
      order: Omit<OrderPaidData, 'accountId' | 'paidAt'>;
      now: number;
    };
