import { executeCommand } from '@parley/eventstore';
import type Stripe from 'stripe';
import { accountDecider } from '../../domain/account/decide';
import { META } from '../../payments/snapshot';
import { parseAccountId } from '../account-id';
import { accountSubject, type BillingDeps } from '../deps';
import { getAccountPlan } from '../get-account-plan';
import { settingsUrl } from './manage-subscription';
import { providerError } from './provider-errors';
import { requirePayments } from './require-payments';

export interface PayoutStatus {
  connected: boolean;
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
}

async function connectedAccountOf(deps: BillingDeps, accountId: string): Promise<string | null> {
  const { rows } = await deps.pool.query<{ stripe_account_id: string }>(
    'SELECT stripe_account_id FROM connect_accounts WHERE account_id = $1',
    [accountId],
  );
  return rows[0]?.stripe_account_id ?? null;
}

/**
 * GET /api/payments/connect: an onboarding link for the owner's connected account (Stripe
 * Connect, Express), created on first use (one per account: the creation's idempotency key is the
 * account). Whether it can take charges comes later, from its `account.updated` webhook.
 */
export async function createConnectLink(
  deps: BillingDeps,
  input: { accountId: unknown },
): Promise<{ url: string }> {
  const payments = requirePayments(deps);
  const accountId = parseAccountId(input.accountId);
  await getAccountPlan(deps, { accountId });
  try {
    let connected = await connectedAccountOf(deps, accountId);
    if (!connected) {
      const created = await payments.stripe.accounts.create(
        {
          type: 'express',
          metadata: { [META.account]: accountId },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        },
        { idempotencyKey: `parley-connect-${accountId}` },
      );
      await deps.pool.query(
        'INSERT INTO connect_accounts (account_id, stripe_account_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [accountId, created.id],
      );
      connected = (await connectedAccountOf(deps, accountId))!;
    }
    const link = await payments.stripe.accountLinks.create({
      account: connected,
      type: 'account_onboarding',
      refresh_url: settingsUrl(payments, 'connect-refresh'),
      return_url: settingsUrl(payments, 'connect-return'),
    });
    return { url: link.url };
  } catch (e) {
    throw providerError(e, 'Failed to start payouts onboarding', deps.logger);
  }
}

/** GET /api/payments/connect/status: the connected account as its webhooks reported it. */
export async function payoutStatus(deps: BillingDeps, input: { accountId: unknown }): Promise<PayoutStatus> {
  const accountId = parseAccountId(input.accountId);
  const { rows } = await deps.pool.query<{ charges_enabled: boolean; details_submitted: boolean }>(
    'SELECT charges_enabled, details_submitted FROM connect_accounts WHERE account_id = $1',
    [accountId],
  );
  const row = rows[0];
  return {
    connected: !!row,
    chargesEnabled: row?.charges_enabled ?? false,
    detailsSubmitted: row?.details_submitted ?? false,
  };
}

/** Stripe's `account.updated` for a connected account: its readiness, kept and announced. */
export async function recordConnectedAccount(
  deps: BillingDeps,
  account: Stripe.Account,
  eventId: string,
): Promise<void> {
  const { rows } = await deps.pool.query<{ account_id: string }>(
    `UPDATE connect_accounts SET charges_enabled = $2, details_submitted = $3, updated_at = now()
     WHERE stripe_account_id = $1 RETURNING account_id`,
    [account.id, account.charges_enabled, account.details_submitted],
  );
  const accountId = rows[0]?.account_id ?? account.metadata?.[META.account];
  if (!accountId) {
    deps.logger.warn({ connectedAccount: account.id }, 'account.updated for no Parley account: ignored');
    return;
  }
  if (!rows[0])
    await deps.pool.query(
      `INSERT INTO connect_accounts (account_id, stripe_account_id, charges_enabled, details_submitted)
       VALUES ($1, $2, $3, $4) ON CONFLICT (account_id) DO NOTHING`,
      [accountId, account.id, account.charges_enabled, account.details_submitted],
    );
  await executeCommand(
    deps.store,
    accountSubject(deps.store, accountId),
    accountDecider,
    {
      type: 'RecordPayoutAccount',
      accountId,
      payout: {
        connectedAccountId: account.id,
        chargesEnabled: account.charges_enabled,
        detailsSubmitted: account.details_submitted,
      },
      now: deps.clock(),
    },
    { commandId: `payout-${eventId}` },
  );
}
