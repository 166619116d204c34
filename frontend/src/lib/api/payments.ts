import type { BillingDetailsInput } from '@parley/contracts/validation';
import { z } from 'zod';
import { api } from './client';

/** The spec's {payments} calls (section 7) as the gateway serves them under /api/payments. */
const planDetailsSchema = z.object({
  name: z.string(),
  description: z.string(),
  priceFormatted: z.string(),
  interval: z.string(),
  isFree: z.boolean(),
  features: z.array(z.string()),
  credits: z.number(),
  maxDomains: z.number(),
});

/** "Subscription details (read)", owner-side variant (docs/api/billing.md). */
export const subscriptionDetailsSchema = z.object({
  currentPlan: z.string(),
  planDetails: planDetailsSchema,
  subscription: z
    .object({ status: z.string(), cancelAtPeriodEnd: z.boolean(), currentPeriodEnd: z.string() })
    .nullable(),
  providerSubscription: z
    .object({ current_period_start: z.number(), current_period_end: z.number() })
    .passthrough()
    .nullable(),
  canUpgrade: z.boolean(),
  canDowngrade: z.boolean(),
  requestLimit: z.number().nullish(),
  requestsUsed: z.number(),
  requestsRemaining: z.number(),
  usagePeriod: z.object({ start: z.string(), end: z.string() }),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>;

const paymentsConfigSchema = z.object({
  enabled: z.boolean(),
  publishableKey: z.string(),
  scriptUrl: z.string(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

const changeSchema = z.object({
  message: z.string(),
  checkoutUrl: z.string().optional(),
  subscriptionId: z.string().optional(),
  status: z.string().optional(),
  endsAt: z.string().optional(),
});

export const fetchSubscription = (signal?: AbortSignal) =>
  api('/payments/v2/subscriptions', { schema: z.object({ data: subscriptionDetailsSchema }), signal });

export const fetchPaymentsConfig = (signal?: AbortSignal) =>
  api('/payments/config', { schema: z.object({ data: paymentsConfigSchema }), signal });

export const createPaymentIntent = (billingDetails: BillingDetailsInput) =>
  api('/payments/v2/create-payment-intent', {
    method: 'POST',
    body: { planId: 'PRO', billingDetails },
    schema: z.object({ clientSecret: z.string(), customerId: z.string() }),
  });

export const createSubscriptionAfterPayment = (customerId: string, paymentMethodId: string) =>
  api('/payments/v2/create-subscription-after-payment', {
    method: 'POST',
    body: { planId: 'PRO', customerId, paymentMethodId },
    schema: z.object({ data: changeSchema }),
  });

/** PUT upgrades, POST creates; `useCheckout` answers Stripe Checkout's URL to go to. */
export const changeSubscription = (method: 'PUT' | 'POST', useCheckout: boolean) =>
  api('/payments/v2/subscriptions', {
    method,
    body: { plan: 'PRO', useCheckout },
    schema: z.object({ data: changeSchema }),
  });

export const cancelSubscription = () =>
  api('/payments/v2/subscriptions', { method: 'DELETE', schema: z.object({ data: changeSchema }) });

export const openCustomerPortal = () =>
  api('/payments/v2/customer-portal', {
    method: 'POST',
    schema: z.object({ data: z.object({ portalUrl: z.string() }) }),
  });

const payoutStatusSchema = z.object({
  connected: z.boolean(),
  chargesEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
});
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

/** Stripe Connect: the owner's connected account, and its onboarding link (spec: data.url). */
export const fetchPayoutStatus = (signal?: AbortSignal) =>
  api('/payments/connect/status', { schema: z.object({ data: payoutStatusSchema }), signal });

export const fetchConnectLink = () =>
  api('/payments/connect', { schema: z.object({ data: z.object({ url: z.string() }) }) });

const orderSchema = z.object({
  orderId: z.string(),
  domainId: z.string(),
  customerId: z.string(),
  roomId: z.string().nullable(),
  productName: z.string(),
  description: z.string(),
  quantity: z.number(),
  amountCents: z.number(),
  currency: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  paidAt: z.string(),
});
export type PaidOrder = z.infer<typeof orderSchema>;

/** The widget's paid orders, newest first. */
export const fetchOrders = (signal?: AbortSignal) =>
  api('/payments/orders', { schema: z.object({ data: z.array(orderSchema) }), signal });
