import type Stripe from 'stripe';

/**
 * The objects this server keeps, in the shapes of the Stripe API version the SDK pins (its
 * TypeScript types are the reference: `satisfies Partial<Stripe.X>` on each builder keeps every
 * field name and type honest). Only fields the product or the SDK reads are filled; the rest of
 * Stripe's nullable fields are null.
 */
export type Obj = Record<string, unknown> & { id: string; object: string };

export interface Address {
  line1: string | null;
  line2: string | null;
  city: string | null;
  postal_code: string | null;
  state: string | null;
  country: string | null;
}

export const emptyAddress = (): Address => ({
  line1: null,
  line2: null,
  city: null,
  postal_code: null,
  state: null,
  country: null,
});

export function addressFrom(input: unknown): Address {
  const a = (input ?? {}) as Record<string, unknown>;
  const s = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return {
    line1: s(a.line1),
    line2: s(a.line2),
    city: s(a.city),
    postal_code: s(a.postal_code),
    state: s(a.state),
    country: s(a.country),
  };
}

export function metadataFrom(input: unknown, previous: Record<string, string> = {}): Record<string, string> {
  if (input === '' || input === undefined || input === null) return input === '' ? {} : previous;
  const out = { ...previous };
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    if (v === '' || v === null) delete out[k];
    else out[k] = String(v);
  }
  return out;
}

export const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

export function customerObject(fields: {
  id: string;
  created: number;
  email: string | null;
  name: string | null;
  address: Address | null;
  metadata: Record<string, string>;
  defaultPaymentMethod: string | null;
}) {
  return {
    id: fields.id,
    object: 'customer',
    address: fields.address,
    balance: 0,
    created: fields.created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email: fields.email,
    invoice_prefix: fields.id.slice(4, 12).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: fields.defaultPaymentMethod,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: fields.metadata,
    name: fields.name,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  } satisfies Partial<Stripe.Customer>;
}

export function paymentMethodObject(fields: {
  id: string;
  created: number;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  customer: string | null;
  billingDetails: { name: string | null; email: string | null; phone: string | null; address: Address };
  metadata: Record<string, string>;
}) {
  return {
    id: fields.id,
    object: 'payment_method',
    billing_details: { ...fields.billingDetails, tax_id: null },
    card: {
      brand: fields.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: fields.brand,
      exp_month: fields.expMonth,
      exp_year: fields.expYear,
      fingerprint: fields.id.slice(3, 19),
      funding: 'credit',
      generated_from: null,
      last4: fields.last4,
      networks: { available: [fields.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: fields.created,
    customer: fields.customer,
    livemode: false,
    metadata: fields.metadata,
    type: 'card',
  } satisfies Partial<Stripe.PaymentMethod>;
}

export type PaymentIntentStatus = Stripe.PaymentIntent.Status;

export interface PaymentError {
  type: 'card_error';
  code: string;
  decline_code: string;
  message: string;
  payment_method: unknown;
  doc_url: string;
}

export function paymentIntentObject(fields: {
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
  metadata: Record<string, string>;
  setupFutureUsage: 'off_session' | 'on_session' | null;
  lastPaymentError: PaymentError | null;
  latestCharge: string | null;
  transferDestination: string | null;
  onBehalfOf: string | null;
  applicationFeeAmount: number | null;
  canceledAt: number | null;
}) {
  return {
    id: fields.id,
    object: 'payment_intent',
    amount: fields.amount,
    amount_capturable: 0,
    amount_received: fields.status === 'succeeded' ? fields.amount : 0,
    application: null,
    application_fee_amount: fields.applicationFeeAmount,
    automatic_payment_methods: null,
    canceled_at: fields.canceledAt,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: fields.clientSecret,
    confirmation_method: 'automatic',
    created: fields.created,
    currency: fields.currency,
    customer: fields.customer,
    description: fields.description,
    last_payment_error: fields.lastPaymentError as unknown as Stripe.PaymentIntent.LastPaymentError | null,
    latest_charge: fields.latestCharge,
    livemode: false,
    metadata: fields.metadata,
    next_action: null,
    on_behalf_of: fields.onBehalfOf,
    payment_method: fields.paymentMethod,
    payment_method_types: ['card'],
    processing: null,
    receipt_email: fields.receiptEmail,
    review: null,
    setup_future_usage: fields.setupFutureUsage,
    shipping: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: fields.status,
    transfer_data: fields.transferDestination ? { destination: fields.transferDestination } : null,
    transfer_group: null,
  } satisfies Partial<Stripe.PaymentIntent>;
}

export interface PriceFields {
  id: string;
  product: string;
  unitAmount: number;
  currency: string;
  interval: 'month' | 'year';
  created: number;
  lookupKey: string | null;
}

export function priceObject(p: PriceFields) {
  return {
    id: p.id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: p.created,
    currency: p.currency,
    livemode: false,
    lookup_key: p.lookupKey,
    metadata: {},
    nickname: null,
    product: p.product,
    recurring: {
      interval: p.interval,
      interval_count: 1,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    tax_behavior: 'unspecified',
    type: 'recurring',
    unit_amount: p.unitAmount,
    // A decimal string on the wire; the SDK's type is its Decimal class.
    unit_amount_decimal: String(p.unitAmount) as unknown as Stripe.Price['unit_amount_decimal'],
  } satisfies Partial<Stripe.Price>;
}

export function productObject(p: {
  id: string;
  name: string;
  created: number;
  metadata: Record<string, string>;
}) {
  return {
    id: p.id,
    object: 'product',
    active: true,
    created: p.created,
    description: null,
    images: [],
    livemode: false,
    metadata: p.metadata,
    name: p.name,
    updated: p.created,
    url: null,
  } satisfies Partial<Stripe.Product>;
}
