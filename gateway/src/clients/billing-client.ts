import type { Plan, PlanId, PlanLimits } from '@parley/contracts';
import { callUnary, createClient, loadService, type CallerTokenSigner } from '@parley/grpc';
import type { Principal } from '../auth/claims';
import { metadataOf, type CallContext } from './call-context';

/** proto/billing/v1/billing.proto as the gateway uses it. */
export interface PlanDetails {
  name: string;
  description: string;
  priceFormatted: string;
  interval: string;
  isFree: boolean;
  features: string[];
  credits: number;
  maxDomains: number;
}

/** The account's latest paid subscription as billing recorded it from the provider's webhooks. */
export interface AccountSubscription {
  subscriptionId: string;
  customerId: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  ended: boolean;
  plan: string;
}

export interface AccountPlan {
  accountId: string;
  plan: PlanId;
  selectedPlan: PlanId;
  limits: PlanLimits;
  planDetails: PlanDetails;
  changedAt: string;
  subscription: AccountSubscription | null;
}

export interface PaymentsConfig {
  enabled: boolean;
  publishableKey: string;
  scriptUrl: string;
}

export interface PaidOrder {
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

export interface SubscriptionChange {
  message: string;
  checkoutUrl: string;
  subscriptionId: string;
  status: string;
  endsAt: string;
}

/** Request usage in the account's current billing period (ISO-8601 UTC, end exclusive). */
export interface Usage {
  accountId: string;
  plan: PlanId;
  allowed: boolean;
  requestsUsed: number;
  requestLimit: number;
  requestsRemaining: number;
  periodStart: string;
  periodEnd: string;
}

/** The billing service's RPCs, typed, each with the gateway's deadline. Rejections are AppErrors. */
export interface BillingClient {
  listPlans(context?: CallContext): Promise<Plan[]>;
  /** The plan of the caller's account (the token's account claim), never another's. */
  getAccountPlan(caller: Principal, context?: CallContext): Promise<AccountPlan>;
  /** The request usage of the caller's account in its current period, never another's. */
  getUsage(caller: Principal, context?: CallContext): Promise<Usage>;
  // Payments (issue 12): bodies go as JSON, already checked here with the shared schemas.
  getPaymentsConfig(context?: CallContext): Promise<PaymentsConfig>;
  createPaymentIntent(
    caller: Principal,
    body: unknown,
    context?: CallContext,
  ): Promise<{ clientSecret: string; customerId: string; paymentIntentId: string }>;
  createSubscriptionAfterPayment(
    caller: Principal,
    body: unknown,
    context?: CallContext,
  ): Promise<SubscriptionChange>;
  changeSubscription(
    caller: Principal,
    body: unknown,
    creating: boolean,
    context?: CallContext,
  ): Promise<SubscriptionChange>;
  cancelSubscription(caller: Principal, context?: CallContext): Promise<SubscriptionChange>;
  openCustomerPortal(caller: Principal, context?: CallContext): Promise<{ portalUrl: string }>;
  /** Stripe Connect: the onboarding link of the caller's account's connected account. */
  createConnectLink(caller: Principal, context?: CallContext): Promise<{ url: string }>;
  getPayoutStatus(
    caller: Principal,
    context?: CallContext,
  ): Promise<{ connected: boolean; chargesEnabled: boolean; detailsSubmitted: boolean }>;
  /** A widget order the gateway priced: a payment intent on the owner's connected account. */
  createOrderPaymentIntent(
    accountId: string,
    order: unknown,
    context?: CallContext,
  ): Promise<{ clientSecret: string; orderId: string; amountCents: number; currency: string }>;
  listOrders(caller: Principal, context?: CallContext): Promise<{ orders: PaidOrder[] }>;
  /** A provider webhook as received: raw bytes and its signature header. */
  handleWebhook(
    payload: Buffer,
    signature: string,
    context?: CallContext,
  ): Promise<{ eventId: string; type: string; duplicate: boolean }>;
  close(): void;
}

export function createBillingClient(
  address: string,
  deadlineMs: number,
  callerToken?: CallerTokenSigner,
): BillingClient {
  const Billing = loadService('billing/v1/billing.proto', 'parley.billing.v1.Billing');
  const client = createClient(Billing, address, { callerToken });
  const call = <Req, Res>(method: string, request: Req, context?: CallContext) =>
    callUnary<Req, Res>(client, method, request, { deadlineMs, metadata: metadataOf(context) });

  const callerOf = (caller: Principal) => ({
    userId: caller.userId,
    accountId: caller.accountId,
    role: caller.role,
  });

  return {
    listPlans: async (context) => (await call<object, { plans: Plan[] }>('listPlans', {}, context)).plans,
    getAccountPlan: (caller, context) =>
      call(
        'getAccountPlan',
        { caller: { userId: caller.userId, accountId: caller.accountId, role: caller.role } },
        context,
      ),
    getUsage: (caller, context) =>
      call(
        'getUsage',
        { caller: { userId: caller.userId, accountId: caller.accountId, role: caller.role } },
        context,
      ),
    getPaymentsConfig: (context) => call('getPaymentsConfig', {}, context),
    createPaymentIntent: (caller, body, context) =>
      call('createPaymentIntent', { caller: callerOf(caller), bodyJson: JSON.stringify(body) }, context),
    createSubscriptionAfterPayment: (caller, body, context) =>
      call(
        'createSubscriptionAfterPayment',
        { caller: callerOf(caller), bodyJson: JSON.stringify(body) },
        context,
      ),
    changeSubscription: (caller, body, creating, context) =>
      call(
        'changeSubscription',
        { caller: callerOf(caller), bodyJson: JSON.stringify(body), creating },
        context,
      ),
    cancelSubscription: (caller, context) =>
      call('cancelSubscription', { caller: callerOf(caller) }, context),
    openCustomerPortal: (caller, context) =>
      call('openCustomerPortal', { caller: callerOf(caller) }, context),
    createConnectLink: (caller, context) => call('createConnectLink', { caller: callerOf(caller) }, context),
    getPayoutStatus: (caller, context) => call('getPayoutStatus', { caller: callerOf(caller) }, context),
    createOrderPaymentIntent: (accountId, order, context) =>
      call('createOrderPaymentIntent', { accountId, bodyJson: JSON.stringify(order) }, context),
    listOrders: (caller, context) => call('listOrders', { caller: callerOf(caller) }, context),
    handleWebhook: (payload, signature, context) => call('handleWebhook', { payload, signature }, context),
    close: () => client.close(),
  };
}
