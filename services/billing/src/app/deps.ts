import type { EventStore } from '@parley/eventstore';
import type { Logger } from '@parley/logger';
import type { ProjectionRunner } from '@parley/projections';
import type { Lanes } from '@parley/program';
import type { Pool } from 'pg';
import type { StripeConfig } from '../config';
import type { Stripe } from '../payments/stripe-client';

/** What the payment handlers use; null when no Stripe key is configured. */
export interface PaymentsDeps {
  stripe: Stripe;
  config: StripeConfig;
  /** The frontend's public address: return targets (the settings page). */
  publicAppUrl: string;
  /** The recurring price of PRO at the provider, created on first use. */
  proPrice(): Promise<string>;
  /** One lane per account: its provider calls and subscription syncs run one at a time. */
  lanes: Lanes;
}

/** What billing's handlers use; wired once in start.ts. */
export interface BillingDeps {
  store: EventStore;
  /** Epoch milliseconds. */
  clock: () => number;
  /**
   * The reactor that assigns plans to registered accounts, and how far the identity stream goes
   * right now: a plan asked for just after sign-up waits for the reactor to get there.
   */
  registrations: { runner: ProjectionRunner; identityTail(): Promise<number> };
  logger: Logger;
  /** This process's queue of usage commands per aggregate (one per service instance). */
  usageQueue: Lanes;
  /** Payment customers, payment intents, the webhook inbox, connected accounts. */
  pool: Pool;
  payments: PaymentsDeps | null;
}

export const accountSubject = (store: EventStore, accountId: string) => store.subject('account', accountId);
