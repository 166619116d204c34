import { type OrderPaidData, billingError } from '@parley/contracts';
import { billingDetailsSchema } from '@parley/contracts/validation';
import { executeCommand } from '@parley/eventstore';
import type Stripe from 'stripe';
import { z } from 'zod';
import { accountDecider } from '../../domain/account/decide';
import { META } from '../../payments/snapshot';
import { parseAccountId } from '../account-id';
import { accountSubject, type BillingDeps } from '../deps';
import { parseInput } from '../parse-input';
import { providerError } from './provider-errors';
import { requirePayments } from './require-payments';

export const SHOP_CANNOT_TAKE_PAYMENTS =
  'This shop cannot take card payments right now. Please contact us to buy.';

const id = z.string().trim().min(1).max(128);

/** What the gateway sends once it priced the order from the product (the browser never sends an amount). */
const orderIntentSchema = z.object({
  domainId: id,
  customerId: id,
  roomId: id.nullable().default(null),
  productId: id,
  productName: z.string().trim().min(1).max(200),
  description: z.string().trim().min(1).max(480),
  quantity: z.number().int().min(1).max(99),
  amountCents: z.number().int().min(50).max(99_999_999),
  // The domain's currency, as Stripe spells it (ISO 4217, lower case); the amount is in its smallest unit.
  currency: z.string().regex(/^[a-z]{3}$/),
  billingDetails: billingDetailsSchema,
});

/**
 * A visitor's order (spec screen 14, type Payment): a payment intent for the priced amount, paid
 * to the owner's connected account (a destination charge), which must be able to take charges.
 * The order is kept as pending until its payment_intent.succeeded webhook.
 */
export async function createOrderPaymentIntent(
  deps: BillingDeps,
  input: { accountId: unknown; body: unknown },
): Promise<{ clientSecret: string; orderId: string; amountCents: number; currency: string }> {
  const payments = requirePayments(deps);
  const accountId = parseAccountId(input.accountId);
  const order = parseInput(orderIntentSchema, input.body);
  const { rows } = await deps.pool.query<{ stripe_account_id: string; charges_enabled: boolean }>(
    'SELECT stripe_account_id, charges_enabled FROM connect_accounts WHERE account_id = $1',
    [accountId],
  );
  if (!rows[0]?.charges_enabled)
    throw billingError('precondition', SHOP_CANNOT_TAKE_PAYMENTS, 'PAYMENTS_UNAVAILABLE');
  try {
    const intent = await payments.stripe.paymentIntents.create({
      amount: order.amountCents,
      currency: order.currency,
      transfer_data: { destination: rows[0].stripe_account_id },
      on_behalf_of: rows[0].stripe_account_id,
      description: order.description,
      receipt_email: order.billingDetails.email,
      metadata: {
        [META.account]: accountId,
        [META.purpose]: 'order',
        parley_domain_id: order.domainId,
        parley_customer_id: order.customerId,
        parley_room_id: order.roomId ?? '',
        parley_product_id: order.productId,
        parley_quantity: String(order.quantity),
      },
    });
    await deps.pool.query(
      `INSERT INTO payment_intents (id, account_id, purpose, amount_cents, currency) VALUES ($1, $2, 'order', $3, $4)`,
      [intent.id, accountId, order.amountCents, order.currency],
    );
    await deps.pool.query(
      `INSERT INTO orders (id, account_id, domain_id, customer_id, room_id, product_id, product_name, description,
                           quantity, amount_cents, currency, customer_name, customer_email)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        intent.id,
        accountId,
        order.domainId,
        order.customerId,
        order.roomId,
        order.productId,
        order.productName,
        order.description,
        order.quantity,
        order.amountCents,
        order.currency,
        order.billingDetails.name,
        order.billingDetails.email,
      ],
    );
    return {
      clientSecret: intent.client_secret!,
      orderId: intent.id,
      amountCents: order.amountCents,
      currency: order.currency,
    };
  } catch (e) {
    throw providerError(e, 'Failed to create payment intent', deps.logger);
  }
}

/** payment_intent.succeeded of an order: the order is paid, once (the command id is the order). */
export async function recordOrderPaid(deps: BillingDeps, intent: Stripe.PaymentIntent): Promise<void> {
  const { rows } = await deps.pool.query<{
    account_id: string;
    domain_id: string;
    customer_id: string;
    room_id: string | null;
    product_id: string;
    product_name: string;
    description: string;
    quantity: number;
    amount_cents: number;
    currency: string;
    customer_name: string;
    customer_email: string;
  }>('SELECT * FROM orders WHERE id = $1', [intent.id]);
  const row = rows[0];
  if (!row) {
    deps.logger.warn({ paymentIntent: intent.id }, 'a paid order billing did not create: ignored');
    return;
  }
  if (intent.status !== 'succeeded' || intent.amount !== row.amount_cents) {
    deps.logger.error(
      { paymentIntent: intent.id, status: intent.status, amount: intent.amount },
      'an order intent that does not match its order',
    );
    return;
  }
  const order: Omit<OrderPaidData, 'accountId' | 'paidAt'> = {
    orderId: intent.id,
    domainId: row.domain_id,
    customerId: row.customer_id,
    roomId: row.room_id,
    productId: row.product_id,
    productName: row.product_name,
    description: row.description,
    quantity: row.quantity,
    amountCents: row.amount_cents,
    currency: row.currency,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
  };
  await executeCommand(
    deps.store,
    accountSubject(deps.store, row.account_id),
    accountDecider,
    { type: 'RecordOrderPaid', accountId: row.account_id, order, now: deps.clock() },
    { commandId: `order-paid-${intent.id}` },
  );
  await deps.pool.query(
    `UPDATE orders SET status = 'paid', paid_at = COALESCE(paid_at, now()) WHERE id = $1`,
    [intent.id],
  );
}

export interface OrderRow {
  orderId: string;
  domainId: string;
  customerId: string;
  roomId: string;
  productName: string;
  description: string;
  quantity: number;
  amountCents: number;
  currency: string;
  customerName: string;
  customerEmail: string;
  paidAt: string;
}

/** The account's paid orders, newest first (the dashboard's list). */
export async function listOrders(
  deps: BillingDeps,
  input: { accountId: unknown },
): Promise<{ orders: OrderRow[] }> {
  const accountId = parseAccountId(input.accountId);
  const { rows } = await deps.pool.query<{
    id: string;
    domain_id: string;
    customer_id: string;
    room_id: string | null;
    product_name: string;
    description: string;
    quantity: number;
    amount_cents: number;
    currency: string;
    customer_name: string;
    customer_email: string;
    paid_at: Date;
  }>(`SELECT * FROM orders WHERE account_id = $1 AND status = 'paid' ORDER BY paid_at DESC LIMIT 200`, [
    accountId,
  ]);
  return {
    orders: rows.map((r) => ({
      orderId: r.id,
      domainId: r.domain_id,
      customerId: r.customer_id,
      roomId: r.room_id ?? '',
      productName: r.product_name,
      description: r.description,
      quantity: r.quantity,
      amountCents: r.amount_cents,
      currency: r.currency,
      customerName: r.customer_name,
      customerEmail: r.customer_email,
      paidAt: r.paid_at.toISOString(),
    })),
  };
}
