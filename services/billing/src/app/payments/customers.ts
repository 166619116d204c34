import { billingError } from '@parley/contracts';
import type { BillingDetails } from '@parley/contracts/validation';
import type { Pool } from 'pg';
import { META } from '../../payments/snapshot';
import type { PaymentsDeps } from '../deps';

export const NO_BILLING_ACCOUNT = 'No billing account found. Please subscribe to a plan first.';

export async function customerIdOf(pool: Pool, accountId: string): Promise<string | null> {
  const { rows } = await pool.query<{ customer_id: string }>(
    'SELECT customer_id FROM payment_customers WHERE account_id = $1',
    [accountId],
  );
  return rows[0]?.customer_id ?? null;
}

export async function accountOfCustomer(pool: Pool, customerId: string): Promise<string | null> {
  const { rows } = await pool.query<{ account_id: string }>(
    'SELECT account_id FROM payment_customers WHERE customer_id = $1',
    [customerId],
  );
  return rows[0]?.account_id ?? null;
}

export async function requireCustomer(pool: Pool, accountId: string): Promise<string> {
  const id = await customerIdOf(pool, accountId);
  if (!id) throw billingError('not_found', NO_BILLING_ACCOUNT, 'NO_BILLING_ACCOUNT');
  return id;
}

export async function linkCustomer(pool: Pool, accountId: string, customerId: string): Promise<string> {
  await pool.query(
    'INSERT INTO payment_customers (account_id, customer_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
    [accountId, customerId],
  );
  return (await customerIdOf(pool, accountId))!;
}

const addressOf = (d: BillingDetails) => ({
  line1: d.address.line1,
  line2: d.address.line2 || undefined,
  city: d.address.city,
  postal_code: d.address.postal_code,
  state: d.address.state,
  country: d.address.country,
});

/**
 * The account's Stripe customer, created on first payment with the billing details (and kept up
 * to date with later ones). The creation's idempotency key is the account: two first payments at
 * once make one customer.
 */
export async function ensureCustomer(
  payments: PaymentsDeps,
  pool: Pool,
  accountId: string,
  details: BillingDetails | null,
): Promise<string> {
  const existing = await customerIdOf(pool, accountId);
  const fields = details ? { email: details.email, name: details.name, address: addressOf(details) } : {};
  if (existing) {
    if (details) await payments.stripe.customers.update(existing, fields);
    return existing;
  }
  const customer = await payments.stripe.customers.create(
    { ...fields, metadata: { [META.account]: accountId } },
    { idempotencyKey: `parley-customer-${accountId}` },
  );
  return linkCustomer(pool, accountId, customer.id);
}
