import { executeCommand } from '@parley/eventstore';
import type Stripe from 'stripe';
import { accountDecider } from '../../domain/account/decide';
import type { AccountState } from '../../domain/account/state';
import { idOf, META, snapshotOf } from '../../payments/snapshot';
import { accountSubject, type BillingDeps, type PaymentsDeps } from '../deps';
import { accountOfCustomer } from './customers';

/** The account a provider object belongs to: billing's metadata on it, else its customer. */
export async function accountOf(
  deps: Pick<BillingDeps, 'pool'>,
  object: { metadata?: Stripe.Metadata | null; customer?: string | { id: string } | null },
): Promise<string | null> {
  const tagged = object.metadata?.[META.account];
  if (tagged) return tagged;
  const customer = idOf(object.customer ?? null);
  return customer ? accountOfCustomer(deps.pool, customer) : null;
}

/**
 * Records what the provider says the subscription is now. With an id it is read from the provider
 * first: a webhook is a nudge, the provider's current object is the truth, so webhooks in any
 * order, late or twice, end in the same state. Runs in the account's lane, so two reads of one
 * account never pass each other. `source` makes the command idempotent (a webhook's event id).
 */
export async function syncSubscription(
  deps: BillingDeps,
  payments: PaymentsDeps,
  subscription: string | Stripe.Subscription,
  source: string,
): Promise<{ accountId: string; state: AccountState } | null> {
  const first =
    typeof subscription === 'string'
      ? await payments.stripe.subscriptions.retrieve(subscription)
      : subscription;
  const accountId = await accountOf(deps, first);
  if (!accountId) {
    deps.logger.warn({ subscription: first.id }, 'a subscription of no Parley account: ignored');
    return null;
  }
  return payments.lanes.run(accountId, async () => {
    const sub =
      typeof subscription === 'string' ? await payments.stripe.subscriptions.retrieve(first.id) : first;
    const outcome = await executeCommand(
      deps.store,
      accountSubject(deps.store, accountId),
      accountDecider,
      { type: 'SyncSubscription', accountId, snapshot: snapshotOf(sub), now: deps.clock() },
      { commandId: `sync-${source}` },
    );
    if (outcome.events.length)
      deps.logger.info(
        { accountId, subscription: sub.id, status: sub.status, events: outcome.events.map((e) => e.type) },
        'subscription recorded',
      );
    return { accountId, state: outcome.state };
  });
}
