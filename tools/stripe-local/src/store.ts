import type Stripe from 'stripe';
import { outcomeOf, parseCard, type CardInput } from './cards';
import { invalid, missing, StripeApiError } from './errors';
import { newId, nowSeconds } from './ids';
import {
  addressFrom,
  customerObject,
  metadataFrom,
  paymentIntentObject,
  paymentMethodObject,
  priceObject,
  productObject,
  type Address,
  type PaymentError,
  type PaymentIntentStatus,
  type PriceFields,
} from './objects';
import type { StripeEventObject } from './webhooks';

/** The API version events are stamped with: the one the SDK pins. */
export const API_VERSION = '2026-10-28.endive';

type Meta = Record<string, string>;

interface CustomerRecord {
  id: string;
  created: number;
  email: string | null;
  name: string | null;
  address: Address | null;
  metadata: Meta;
  defaultPaymentMethod: string | null;
}

interface PaymentMethodRecord {
  id: string;
  created: number;
  number: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  customer: string | null;
  billingDetails: { name: string | null; email: string | null; phone: string | null; address: Address };
  metadata: Meta;
}

interface PaymentIntentRecord {
  id: string;
  clientSecret: string;
  created: number;
  amount: number;
  currency: string;
  status: PaymentIntentStatus;
  customer: string | null;
  paymentMethod: string | null;
  description: string | null;
  receiptEmail: string | null;
  metadata: Meta;
  setupFutureUsage: 'off_session' | 'on_session' | null;
  lastPaymentError: PaymentError | null;
  latestCharge: string | null;
  transferDestination: string | null;
  onBehalfOf: string | null;
  applicationFeeAmount: number | null;
  canceledAt: number | null;
}

interface SubscriptionRecord {
  id: string;
  created: number;
  customer: string;
  itemId: string;
  price: string;
  status: Stripe.Subscription.Status;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  periodStart: number;
  periodEnd: number;
  billingCycleAnchor: number;
  defaultPaymentMethod: string | null;
  latestInvoice: string | null;
  metadata: Meta;
}

interface InvoiceRecord {
  id: string;
  created: number;
  customer: string;
  subscription: string;
  subscriptionMetadata: Meta;
  status: 'open' | 'paid';
  amountDue: number;
  amountPaid: number;
  currency: string;
  billingReason: Stripe.Invoice.BillingReason;
  periodStart: number;
  periodEnd: number;
  paidAt: number | null;
  price: string;
}

interface AccountRecord {
  id: string;
  created: number;
  email: string | null;
  country: string;
  onboarded: boolean;
  metadata: Meta;
}

interface CheckoutRecord {
  id: string;
  created: number;
  customer: string | null;
  customerEmail: string | null;
  price: string;
  successUrl: string;
  cancelUrl: string | null;
  metadata: Meta;
  subscriptionMetadata: Meta;
  clientReferenceId: string | null;
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
}

export interface LocalStripeOptions {
  clock: () => number;
  publicUrl: string;
  emit: (event: StripeEventObject) => void;
}

const DAY = 86_400;

/** One month on from `seconds`, same day of month where it exists (Stripe's monthly anchor). */
export function addMonth(seconds: number): number {
  const d = new Date(seconds * 1000);
  const next = Date.UTC(
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  );
  const overflow = new Date(next).getUTCDate() !== d.getUTCDate();
  const clamped = overflow
    ? Date.UTC(
        d.getUTCFullYear(),
        d.getUTCMonth() + 2,
        0,
        d.getUTCHours(),
        d.getUTCMinutes(),
        d.getUTCSeconds(),
      )
    : next;
  return Math.floor(clamped / 1000);
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const int = (v: unknown, param: string): number => {
  const n = Number(v);
  if (v === undefined || v === '' || !Number.isInteger(n))
    throw invalid(`Invalid integer: ${String(v)}`, param);
  return n;
};

/**
 * The in-memory Stripe: customers, payment methods and intents, products and prices,
 * subscriptions and their invoices, Connect accounts, Checkout and portal sessions. Every change
 * Stripe announces is emitted as an event with Stripe's type name and the object as it is now.
 */
export class LocalStripe {
  readonly customers = new Map<string, CustomerRecord>();
  readonly paymentMethods = new Map<string, PaymentMethodRecord>();
  readonly paymentIntents = new Map<string, PaymentIntentRecord>();
  readonly products = new Map<string, { id: string; name: string; created: number; metadata: Meta }>();
  readonly prices = new Map<string, PriceFields>();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  readonly invoices = new Map<string, InvoiceRecord>();
  readonly accounts = new Map<string, AccountRecord>();
  readonly checkouts = new Map<string, CheckoutRecord>();
  readonly events: StripeEventObject[] = [];
  /** Whether a billing portal configuration exists (tests turn it off to see the product's alert). */
  portalConfigured = true;

  constructor(private readonly options: LocalStripeOptions) {}

  private now(): number {
    return nowSeconds(this.options.clock);
  }

  emit(
    type: string,
    object: Record<string, unknown>,
    extra: Partial<StripeEventObject> = {},
  ): StripeEventObject {
    const event: StripeEventObject = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: this.now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: object },
      ...extra,
    };
    this.events.push(event);
    if (this.events.length > 5000) this.events.shift();
    this.options.emit(event);
    return event;
  }

  // --- customers ---

  createCustomer(p: Record<string, unknown>) {
    const c: CustomerRecord = {
      id: newId('cus', 14),
      created: this.now(),
      email: str(p.email),
      name: str(p.name),
      address: p.address ? addressFrom(p.address) : null,
      metadata: metadataFrom(p.metadata),
      defaultPaymentMethod: null,
    };
    if (p.payment_method) this.attachPaymentMethod(String(p.payment_method), c.id);
    const dpm = (p.invoice_settings as Record<string, unknown> | undefined)?.default_payment_method;
    if (dpm) c.defaultPaymentMethod = this.paymentMethod(String(dpm)).id;
    this.customers.set(c.id, c);
    this.emit('customer.created', this.customerView(c));
    return this.customerView(c);
  }

  customer(id: string): CustomerRecord {
    const c = this.customers.get(id);
    if (!c) throw missing('customer', id);
    return c;
  }

  updateCustomer(id: string, p: Record<string, unknown>) {
    const c = this.customer(id);
    if ('email' in p) c.email = str(p.email);
    if ('name' in p) c.name = str(p.name);
    if ('address' in p) c.address = p.address ? addressFrom(p.address) : null;
    if ('metadata' in p) c.metadata = metadataFrom(p.metadata, c.metadata);
    const settings = p.invoice_settings as Record<string, unknown> | undefined;
    if (settings && 'default_payment_method' in settings) {
      const pm = str(settings.default_payment_method);
      if (pm && this.paymentMethod(pm).customer !== c.id)
        throw invalid(
          `The customer does not have a payment method with the ID ${pm}.`,
          'invoice_settings[default_payment_method]',
        );
      c.defaultPaymentMethod = pm;
    }
    this.emit('customer.updated', this.customerView(c));
    return this.customerView(c);
  }

  customerView(c: CustomerRecord) {
    return customerObject(c);
  }

  // --- payment methods ---

  createPaymentMethod(p: Record<string, unknown>) {
    if (p.type !== 'card') throw invalid('Only type=card is supported by the local server.', 'type');
    const card = parseCard(p.card as CardInput, this.options.clock());
    const bd = (p.billing_details ?? {}) as Record<string, unknown>;
    const pm: PaymentMethodRecord = {
      id: newId('pm'),
      created: this.now(),
      number: card.number,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      customer: null,
      billingDetails: {
        name: str(bd.name),
        email: str(bd.email),
        phone: str(bd.phone),
        address: addressFrom(bd.address),
      },
      metadata: metadataFrom(p.metadata),
    };
    this.paymentMethods.set(pm.id, pm);
    return this.paymentMethodView(pm);
  }

  paymentMethod(id: string): PaymentMethodRecord {
    const pm = this.paymentMethods.get(id);
    if (!pm) throw missing('PaymentMethod', id, 'payment_method');
    return pm;
  }

  paymentMethodView(pm: PaymentMethodRecord) {
    return paymentMethodObject(pm);
  }

  attachPaymentMethod(id: string, customerId: string) {
    const pm = this.paymentMethod(id);
    this.customer(customerId);
    if (pm.customer && pm.customer !== customerId)
      throw invalid(
        'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
        'payment_method',
      );
    if (!pm.customer) {
      pm.customer = customerId;
      this.emit('payment_method.attached', this.paymentMethodView(pm));
    }
    return this.paymentMethodView(pm);
  }

  // --- payment intents ---

  createPaymentIntent(p: Record<string, unknown>) {
    const amount = int(p.amount, 'amount');
    if (amount < 50) throw invalid('Amount must be at least $0.50 usd', 'amount');
    const currency = str(p.currency);
    if (!currency) throw invalid('Missing required param: currency.', 'currency');
    const customer = str(p.customer);
    if (customer) this.customer(customer);
    const transfer = (p.transfer_data ?? {}) as Record<string, unknown>;
    const destination = str(transfer.destination);
    if (destination) {
      const account = this.account(destination);
      if (!account.onboarded)
        throw invalid(
          `Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments`,
          'transfer_data[destination]',
        );
    }
    const sfu = str(p.setup_future_usage);
    const id = newId('pi');
    const pi: PaymentIntentRecord = {
      id,
      clientSecret: `${id}_secret_${newId('s', 24).slice(2)}`,
      created: this.now(),
      amount,
      currency: currency.toLowerCase(),
      status: 'requires_payment_method',
      customer,
      paymentMethod: null,
      description: str(p.description),
      receiptEmail: str(p.receipt_email),
      metadata: metadataFrom(p.metadata),
      setupFutureUsage: sfu === 'off_session' || sfu === 'on_session' ? sfu : null,
      lastPaymentError: null,
      latestCharge: null,
      transferDestination: destination,
      onBehalfOf: str(p.on_behalf_of),
      applicationFeeAmount:
        p.application_fee_amount === undefined
          ? null
          : int(p.application_fee_amount, 'application_fee_amount'),
      canceledAt: null,
    };
    this.paymentIntents.set(id, pi);
    this.emit('payment_intent.created', this.paymentIntentView(pi));
    if (p.payment_method) {
      pi.paymentMethod = this.paymentMethod(String(p.payment_method)).id;
      pi.status = 'requires_confirmation';
    }
    if (p.confirm === 'true' || p.confirm === true) return this.confirmPaymentIntent(id, {});
    return this.paymentIntentView(pi);
  }

  paymentIntent(id: string): PaymentIntentRecord {
    const pi = this.paymentIntents.get(id);
    if (!pi) throw missing('payment_intent', id, 'intent');
    return pi;
  }

  paymentIntentView(pi: PaymentIntentRecord) {
    return paymentIntentObject(pi);
  }

  /** With a publishable key the caller must also hold the intent's client secret (as Stripe.js does). */
  checkClientSecret(pi: PaymentIntentRecord, secret: unknown): void {
    if (secret !== pi.clientSecret)
      throw invalid(
        'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
        'client_secret',
      );
  }

  confirmPaymentIntent(id: string, p: Record<string, unknown>) {
    const pi = this.paymentIntent(id);
    if (pi.status === 'succeeded')
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message:
          'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
        payment_intent: this.paymentIntentView(pi),
      });
    if (pi.status === 'canceled')
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message:
          "This PaymentIntent's payment_method could not be updated because it has a status of canceled.",
      });
    if (p.payment_method_data) {
      const pm = this.createPaymentMethod(p.payment_method_data as Record<string, unknown>);
      pi.paymentMethod = pm.id;
    } else if (p.payment_method) {
      pi.paymentMethod = this.paymentMethod(String(p.payment_method)).id;
    }
    if (!pi.paymentMethod)
      throw invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method or ConfirmationToken.",
      );
    if (p.receipt_email) pi.receiptEmail = String(p.receipt_email);
    const pm = this.paymentMethod(pi.paymentMethod);
    const outcome = outcomeOf(pm.number);
    if (outcome.kind === 'decline') {
      pi.status = 'requires_payment_method';
      pi.lastPaymentError = {
        type: 'card_error',
        code: outcome.code,
        decline_code: outcome.declineCode,
        message: outcome.message,
        payment_method: this.paymentMethodView(pm),
        doc_url: `https://stripe.com/docs/error-codes/${outcome.code.replace(/_/g, '-')}`,
      };
      pi.latestCharge = newId('ch');
      const view = this.paymentIntentView(pi);
      this.emit('payment_intent.payment_failed', view);
      throw new StripeApiError(402, {
        type: 'card_error',
        code: outcome.code,
        decline_code: outcome.declineCode,
        message: outcome.message,
        payment_intent: view,
        payment_method: this.paymentMethodView(pm),
      });
    }
    if (pi.setupFutureUsage && pi.customer && !pm.customer) this.attachPaymentMethod(pm.id, pi.customer);
    pi.status = 'succeeded';
    pi.lastPaymentError = null;
    pi.latestCharge = newId('ch');
    const view = this.paymentIntentView(pi);
    this.emit('charge.succeeded', {
      id: pi.latestCharge,
      object: 'charge',
      amount: pi.amount,
      currency: pi.currency,
      customer: pi.customer,
      payment_intent: pi.id,
      payment_method: pm.id,
      paid: true,
      status: 'succeeded',
      metadata: pi.metadata,
      created: this.now(),
      livemode: false,
    });
    this.emit('payment_intent.succeeded', view);
    return view;
  }

  cancelPaymentIntent(id: string) {
    const pi = this.paymentIntent(id);
    if (pi.status === 'succeeded')
      throw invalid('You cannot cancel this PaymentIntent because it has a status of succeeded.');
    pi.status = 'canceled';
    pi.canceledAt = this.now();
    const view = this.paymentIntentView(pi);
    this.emit('payment_intent.canceled', view);
    return view;
  }

  // --- products and prices ---

  createProduct(p: Record<string, unknown>) {
    const name = str(p.name);
    if (!name) throw invalid('Missing required param: name.', 'name');
    const id = str(p.id) ?? newId('prod', 14);
    if (this.products.has(id)) throw invalid(`Product already exists.`, 'id');
    const product = { id, name, created: this.now(), metadata: metadataFrom(p.metadata) };
    this.products.set(id, product);
    return productObject(product);
  }

  product(id: string) {
    const p = this.products.get(id);
    if (!p) throw missing('product', id);
    return productObject(p);
  }

  createPrice(p: Record<string, unknown>) {
    const product = str(p.product);
    if (!product) throw invalid('Missing required param: product.', 'product');
    this.product(product);
    const recurring = (p.recurring ?? {}) as Record<string, unknown>;
    const interval = recurring.interval === 'year' ? 'year' : 'month';
    const lookupKey = str(p.lookup_key);
    if (lookupKey && p.transfer_lookup_key !== 'true')
      for (const existing of this.prices.values())
        if (existing.lookupKey === lookupKey)
          throw invalid(`A price (\`${existing.id}\`) already uses that lookup key.`, 'lookup_key');
    const price: PriceFields = {
      id: newId('price'),
      product,
      unitAmount: int(p.unit_amount, 'unit_amount'),
      currency: (str(p.currency) ?? 'usd').toLowerCase(),
      interval,
      created: this.now(),
      lookupKey,
    };
    this.prices.set(price.id, price);
    return priceObject(price);
  }

  price(id: string): PriceFields {
    const p = this.prices.get(id);
    if (!p) throw missing('price', id, 'price');
    return p;
  }

  listPrices(query: Record<string, unknown>) {
    const keys = Array.isArray(query.lookup_keys)
      ? query.lookup_keys.map(String)
      : query.lookup_keys
        ? [String(query.lookup_keys)]
        : null;
    return [...this.prices.values()]
      .filter((p) => !keys || (p.lookupKey !== null && keys.includes(p.lookupKey)))
      .map(priceObject);
  }

  // --- subscriptions and invoices ---

  private priceFromItems(items: unknown): string {
    const first = (
      Array.isArray(items) ? items[0] : (items as Record<string, unknown> | undefined)?.['0']
    ) as Record<string, unknown> | undefined;
    if (!first) throw invalid('Missing required param: items.', 'items');
    if (first.price) return this.price(String(first.price)).id;
    const data = first.price_data as Record<string, unknown> | undefined;
    if (!data) throw invalid('Missing required param: items[0][price].', 'items[0][price]');
    return this.createPrice({ ...data, lookup_key: undefined }).id;
  }

  createSubscription(p: Record<string, unknown>) {
    const customerId = str(p.customer);
    if (!customerId) throw invalid('Missing required param: customer.', 'customer');
    const customer = this.customer(customerId);
    const priceId = this.priceFromItems(p.items);
    const pmId = str(p.default_payment_method) ?? customer.defaultPaymentMethod;
    if (pmId) {
      const pm = this.paymentMethod(pmId);
      if (pm.customer !== customer.id)
        throw invalid(
          `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
          'default_payment_method',
        );
    }
    const now = this.now();
    const anchor =
      p.billing_cycle_anchor === undefined ? now : int(p.billing_cycle_anchor, 'billing_cycle_anchor');
    if (anchor < now) throw invalid('billing_cycle_anchor cannot be in the past.', 'billing_cycle_anchor');
    const prorate = p.proration_behavior !== 'none';
    const sub: SubscriptionRecord = {
      id: newId('sub'),
      created: now,
      customer: customer.id,
      itemId: newId('si', 14),
      price: priceId,
      status: 'incomplete',
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      periodStart: now,
      periodEnd: anchor > now ? anchor : addMonth(now),
      billingCycleAnchor: anchor > now ? anchor : now,
      defaultPaymentMethod: str(p.default_payment_method),
      latestInvoice: null,
      metadata: metadataFrom(p.metadata),
    };
    this.subscriptions.set(sub.id, sub);
    const price = this.price(priceId);
    // A future anchor without proration: nothing is owed until the anchor (the first period was paid another way).
    const amount =
      anchor > now
        ? prorate
          ? Math.round((price.unitAmount * (anchor - now)) / (30 * DAY))
          : 0
        : price.unitAmount;
    const invoice = this.newInvoice(sub, amount, 'subscription_create');
    const paid = this.collect(invoice, sub, p.payment_behavior === 'default_incomplete');
    sub.status = paid ? 'active' : 'incomplete';
    this.emit('customer.subscription.created', this.subscriptionView(sub));
    this.announceInvoice(invoice);
    return this.subscriptionView(sub);
  }

  private newInvoice(
    sub: SubscriptionRecord,
    amount: number,
    reason: Stripe.Invoice.BillingReason,
  ): InvoiceRecord {
    const invoice: InvoiceRecord = {
      id: newId('in'),
      created: this.now(),
      customer: sub.customer,
      subscription: sub.id,
      subscriptionMetadata: { ...sub.metadata },
      status: 'open',
      amountDue: amount,
      amountPaid: 0,
      currency: this.price(sub.price).currency,
      billingReason: reason,
      periodStart: sub.periodStart,
      periodEnd: sub.periodEnd,
      paidAt: null,
      price: sub.price,
    };
    this.invoices.set(invoice.id, invoice);
    sub.latestInvoice = invoice.id;
    return invoice;
  }

  /** Charges the subscription's card off-session; true when the invoice ends paid. */
  private collect(
    invoice: InvoiceRecord,
    sub: SubscriptionRecord,
    deferred: boolean,
    renewal = false,
  ): boolean {
    if (invoice.amountDue === 0) return this.markPaid(invoice);
    if (deferred) return false;
    const pmId = sub.defaultPaymentMethod ?? this.customer(sub.customer).defaultPaymentMethod;
    if (!pmId) return false;
    const outcome = outcomeOf(this.paymentMethod(pmId).number);
    if (outcome.kind === 'succeed' || (outcome.kind === 'fail_later' && !renewal))
      return this.markPaid(invoice);
    return false;
  }

  private markPaid(invoice: InvoiceRecord): boolean {
    invoice.status = 'paid';
    invoice.amountPaid = invoice.amountDue;
    invoice.paidAt = this.now();
    return true;
  }

  private announceInvoice(invoice: InvoiceRecord): void {
    this.emit('invoice.created', this.invoiceView(invoice));
    this.emit('invoice.finalized', this.invoiceView(invoice));
    if (invoice.status === 'paid') {
      this.emit('invoice.paid', this.invoiceView(invoice));
      this.emit('invoice.payment_succeeded', this.invoiceView(invoice));
    } else {
      this.emit('invoice.payment_failed', this.invoiceView(invoice));
    }
  }

  subscription(id: string): SubscriptionRecord {
    const s = this.subscriptions.get(id);
    if (!s) throw missing('subscription', id);
    return s;
  }

  updateSubscription(id: string, p: Record<string, unknown>) {
    const sub = this.subscription(id);
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired')
      throw invalid(`A canceled subscription can only update its cancellation_details and metadata.`);
    const previous: Record<string, unknown> = {};
    if ('cancel_at_period_end' in p) {
      const flag = p.cancel_at_period_end === 'true' || p.cancel_at_period_end === true;
      if (flag !== sub.cancelAtPeriodEnd) {
        previous.cancel_at_period_end = sub.cancelAtPeriodEnd;
        previous.cancel_at = sub.cancelAtPeriodEnd ? sub.periodEnd : null;
        previous.canceled_at = sub.canceledAt;
        sub.cancelAtPeriodEnd = flag;
        sub.canceledAt = flag ? this.now() : null;
      }
    }
    if ('metadata' in p) {
      previous.metadata = sub.metadata;
      sub.metadata = metadataFrom(p.metadata, sub.metadata);
    }
    if ('default_payment_method' in p) {
      previous.default_payment_method = sub.defaultPaymentMethod;
      sub.defaultPaymentMethod = str(p.default_payment_method);
    }
    if (Object.keys(previous).length)
      this.emit('customer.subscription.updated', this.subscriptionView(sub), {
        data: { object: this.subscriptionView(sub), previous_attributes: previous },
      });
    return this.subscriptionView(sub);
  }

  cancelSubscription(id: string) {
    const sub = this.subscription(id);
    if (sub.status === 'canceled') throw invalid(`No such subscription: '${id}'`);
    sub.status = 'canceled';
    sub.endedAt = this.now();
    sub.canceledAt ??= sub.endedAt;
    this.emit('customer.subscription.deleted', this.subscriptionView(sub));
    return this.subscriptionView(sub);
  }

  /**
   * Moves a subscription to its next period as Stripe's billing would at `current_period_end`:
   * a subscription set to cancel ends; otherwise a renewal invoice is charged and the
   * subscription stays active, or goes past_due (then, after `failuresBeforeUnpaid`, unpaid).
   */
  advanceSubscription(id: string) {
    const sub = this.subscription(id);
    if (sub.status === 'canceled') throw invalid('This subscription has ended.');
    if (sub.cancelAtPeriodEnd) return this.cancelSubscription(id);
    const previous = { status: sub.status, items: this.itemsView(sub) };
    sub.periodStart = sub.periodEnd;
    sub.periodEnd = addMonth(sub.periodEnd);
    const invoice = this.newInvoice(sub, this.price(sub.price).unitAmount, 'subscription_cycle');
    const paid = this.collect(invoice, sub, false, true);
    sub.status = paid ? 'active' : sub.status === 'past_due' ? 'unpaid' : 'past_due';
    this.emit('customer.subscription.updated', this.subscriptionView(sub), {
      data: { object: this.subscriptionView(sub), previous_attributes: previous },
    });
    this.announceInvoice(invoice);
    return this.subscriptionView(sub);
  }

  private itemsView(sub: SubscriptionRecord) {
    const price = this.price(sub.price);
    return {
      object: 'list',
      data: [
        {
          id: sub.itemId,
          object: 'subscription_item',
          created: sub.created,
          current_period_start: sub.periodStart,
          current_period_end: sub.periodEnd,
          discounts: [],
          metadata: {},
          price: priceObject(price) as unknown as Stripe.Price,
          quantity: 1,
          subscription: sub.id,
          tax_rates: [],
        } satisfies Partial<Stripe.SubscriptionItem>,
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${sub.id}`,
    };
  }

  subscriptionView(sub: SubscriptionRecord) {
    return {
      id: sub.id,
      object: 'subscription',
      application: null,
      billing_cycle_anchor: sub.billingCycleAnchor,
      cancel_at: sub.cancelAtPeriodEnd ? sub.periodEnd : null,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      canceled_at: sub.canceledAt,
      collection_method: 'charge_automatically',
      created: sub.created,
      currency: this.price(sub.price).currency,
      customer: sub.customer,
      default_payment_method: sub.defaultPaymentMethod,
      description: null,
      ended_at: sub.endedAt,
      items: this.itemsView(sub) as unknown as Stripe.ApiList<Stripe.SubscriptionItem>,
      latest_invoice: sub.latestInvoice,
      livemode: false,
      metadata: sub.metadata,
      start_date: sub.created,
      status: sub.status,
      test_clock: null,
      trial_end: null,
      trial_start: null,
    } satisfies Partial<Stripe.Subscription>;
  }

  listSubscriptions(query: Record<string, unknown>) {
    const customer = str(query.customer);
    const status = str(query.status);
    return [...this.subscriptions.values()]
      .filter((s) => !customer || s.customer === customer)
      .filter((s) => (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled'))
      .sort((a, b) => b.created - a.created)
      .map((s) => this.subscriptionView(s));
  }

  invoice(id: string): InvoiceRecord {
    const i = this.invoices.get(id);
    if (!i) throw missing('invoice', id);
    return i;
  }

  invoiceView(i: InvoiceRecord) {
    const price = this.price(i.price);
    return {
      id: i.id,
      object: 'invoice',
      amount_due: i.amountDue,
      amount_paid: i.amountPaid,
      amount_remaining: i.amountDue - i.amountPaid,
      attempt_count: 1,
      attempted: true,
      billing_reason: i.billingReason,
      collection_method: 'charge_automatically',
      created: i.created,
      currency: i.currency,
      customer: i.customer,
      hosted_invoice_url: `${this.options.publicUrl}/invoices/${i.id}`,
      lines: {
        object: 'list',
        data: [
          {
            id: newId('il'),
            object: 'line_item',
            amount: i.amountDue,
            currency: i.currency,
            description: `1 × ${this.products.get(price.product)?.name ?? 'Subscription'}`,
            period: { start: i.periodStart, end: i.periodEnd },
            quantity: 1,
          },
        ],
        has_more: false,
        url: `/v1/invoices/${i.id}/lines`,
      } as unknown as Stripe.ApiList<Stripe.InvoiceLineItem>,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: i.subscriptionMetadata, subscription: i.subscription },
      },
      period_end: i.periodEnd,
      period_start: i.periodStart,
      status: i.status,
      status_transitions: {
        finalized_at: i.created,
        marked_uncollectible_at: null,
        paid_at: i.paidAt,
        voided_at: null,
      },
      total: i.amountDue,
    } satisfies Partial<Stripe.Invoice>;
  }

  // --- Connect ---

  createAccount(p: Record<string, unknown>) {
    const account: AccountRecord = {
      id: newId('acct', 16),
      created: this.now(),
      email: str(p.email),
      country: str(p.country) ?? 'US',
      onboarded: false,
      metadata: metadataFrom(p.metadata),
    };
    this.accounts.set(account.id, account);
    return this.accountView(account);
  }

  account(id: string): AccountRecord {
    const a = this.accounts.get(id);
    if (!a) throw missing('account', id, 'account');
    return a;
  }

  completeOnboarding(id: string) {
    const account = this.account(id);
    if (account.onboarded) return this.accountView(account);
    account.onboarded = true;
    const view = this.accountView(account);
    this.emit('account.updated', view, { account: account.id });
    return view;
  }

  accountView(a: AccountRecord) {
    const active = a.onboarded ? 'active' : 'inactive';
    return {
      id: a.id,
      object: 'account',
      business_type: null,
      capabilities: { card_payments: active, transfers: active },
      charges_enabled: a.onboarded,
      country: a.country,
      created: a.created,
      default_currency: 'usd',
      details_submitted: a.onboarded,
      email: a.email,
      metadata: a.metadata,
      payouts_enabled: a.onboarded,
      requirements: {
        alternatives: [],
        current_deadline: null,
        currently_due: a.onboarded ? [] : ['external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
        disabled_reason: a.onboarded ? null : 'requirements.past_due',
        errors: [],
        eventually_due: a.onboarded ? [] : ['external_account'],
        past_due: a.onboarded ? [] : ['external_account'],
        pending_verification: [],
      },
      type: 'express',
    } satisfies Partial<Stripe.Account>;
  }

  createAccountLink(p: Record<string, unknown>) {
    const account = str(p.account);
    if (!account) throw invalid('Missing required param: account.', 'account');
    this.account(account);
    const returnUrl = str(p.return_url);
    const refreshUrl = str(p.refresh_url);
    if (!returnUrl) throw invalid('Missing required param: return_url.', 'return_url');
    if (p.type !== 'account_onboarding' && p.type !== 'account_update')
      throw invalid('Invalid type: must be one of account_onboarding or account_update', 'type');
    const query = new URLSearchParams({
      return_url: returnUrl,
      ...(refreshUrl ? { refresh_url: refreshUrl } : {}),
    });
    return {
      object: 'account_link',
      created: this.now(),
      expires_at: this.now() + 300,
      url: `${this.options.publicUrl}/connect/onboarding/${account}?${query}`,
    } satisfies Stripe.AccountLink;
  }

  // --- Checkout and the billing portal ---

  createCheckoutSession(p: Record<string, unknown>) {
    if (p.mode !== 'subscription')
      throw invalid('Only mode=subscription is supported by the local server.', 'mode');
    const successUrl = str(p.success_url);
    if (!successUrl) throw invalid('Missing required param: success_url.', 'success_url');
    const customer = str(p.customer);
    if (customer) this.customer(customer);
    const session: CheckoutRecord = {
      id: newId('cs_test', 58),
      created: this.now(),
      customer,
      customerEmail: str(p.customer_email),
      price: this.priceFromItems(p.line_items),
      successUrl,
      cancelUrl: str(p.cancel_url),
      metadata: metadataFrom(p.metadata),
      subscriptionMetadata: metadataFrom(
        (p.subscription_data as Record<string, unknown> | undefined)?.metadata,
      ),
      clientReferenceId: str(p.client_reference_id),
      status: 'open',
      subscription: null,
    };
    this.checkouts.set(session.id, session);
    return this.checkoutView(session);
  }

  checkout(id: string): CheckoutRecord {
    const s = this.checkouts.get(id);
    if (!s) throw missing('checkout.session', id, 'session');
    return s;
  }

  checkoutView(s: CheckoutRecord) {
    return {
      id: s.id,
      object: 'checkout.session',
      cancel_url: s.cancelUrl,
      client_reference_id: s.clientReferenceId,
      created: s.created,
      customer: s.customer,
      customer_email: s.customerEmail,
      expires_at: s.created + DAY,
      livemode: false,
      metadata: s.metadata,
      mode: 'subscription',
      payment_status: s.status === 'complete' ? 'paid' : 'unpaid',
      status: s.status,
      subscription: s.subscription,
      success_url: s.successUrl,
      url: s.status === 'open' ? `${this.options.publicUrl}/checkout/${s.id}` : null,
    } satisfies Partial<Stripe.Checkout.Session>;
  }

  /** The hosted page's "Subscribe": the card pays the first invoice and the subscription starts. */
  completeCheckout(id: string, card: CardInput, billing: { name: string | null; email: string | null }) {
    const session = this.checkout(id);
    if (session.status !== 'open') throw invalid('This Checkout Session is no longer active.');
    const customerId =
      session.customer ??
      this.createCustomer({ email: billing.email ?? session.customerEmail, name: billing.name }).id;
    session.customer = customerId;
    const pm = this.createPaymentMethod({ type: 'card', card, billing_details: billing });
    const outcome = outcomeOf(this.paymentMethod(pm.id).number);
    if (outcome.kind === 'decline')
      throw new StripeApiError(402, {
        type: 'card_error',
        code: outcome.code,
        decline_code: outcome.declineCode,
        message: outcome.message,
      });
    this.attachPaymentMethod(pm.id, customerId);
    this.updateCustomer(customerId, { invoice_settings: { default_payment_method: pm.id } });
    const sub = this.createSubscription({
      customer: customerId,
      items: [{ price: session.price }],
      default_payment_method: pm.id,
      metadata: session.subscriptionMetadata,
    });
    session.status = 'complete';
    session.subscription = sub.id;
    this.emit('checkout.session.completed', this.checkoutView(session));
    return session;
  }

  createPortalSession(p: Record<string, unknown>) {
    const customer = str(p.customer);
    if (!customer) throw invalid('Missing required param: customer.', 'customer');
    this.customer(customer);
    if (!this.portalConfigured)
      throw invalid(
        'No configuration provided and your test mode default configuration has not been created. Provide a configuration or create your default by saving your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.',
      );
    const id = newId('bps');
    const returnUrl = str(p.return_url);
    return {
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_local_default',
      created: this.now(),
      customer,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: returnUrl,
      url: `${this.options.publicUrl}/portal/${customer}${returnUrl ? `?return_url=${encodeURIComponent(returnUrl)}` : ''}`,
    } satisfies Partial<Stripe.BillingPortal.Session>;
  }
}
