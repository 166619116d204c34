import type { Plan, PlanId, PlanLimits } from '@parley/contracts';
import { loadService, rpcClient, type CallerTokenSigner } from '@parley/grpc';
import type {
  AccountPlanResponse__Output,
  Order__Output,
  PaymentsConfig__Output,
  PlanDetails__Output,
  Subscription__Output,
  SubscriptionChangeResponse__Output,
  UsageResponse__Output,
} from '@parley/grpc/generated/parley/billing/v1';
import type { Principal } from '../auth/claims';
import { metadataOf, type CallContext } from './call-context';

/**
 * proto/billing/v1/billing.proto's answers as @grpc/proto-loader hands them over (generated from
 * proto/). Billing only ever names plans of PLAN_IDS, which these types say where the gateway
 * relies on it.
 */
export type PaidOrder = Order__Output;
export type PaymentsConfig = PaymentsConfig__Output;
export type PlanDetails = PlanDetails__Output;
export type AccountSubscription = Subscription__Output;
export type SubscriptionChange = SubscriptionChangeResponse__Output;

type PlanIds<T, K extends keyof T> = Omit<T, K> & { [P in K]: PlanId };

/** Billing always sets the limits and the plan's details. */
export type AccountPlan = PlanIds<
  Omit<AccountPlanResponse__Output, 'limits' | 'planDetails'>,
  'plan' | 'selectedPlan'
> & { limits: PlanLimits; planDetails: PlanDetails };

/** Request usage in the account's current billing period (ISO-8601 UTC, end exclusive). */
export type Usage = PlanIds<UsageResponse__Output, 'plan'>;

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
  const rpc = rpcClient(Billing, address, { deadlineMs, callerToken });
  const call = (context?: CallContext) => ({ metadata: metadataOf(context) });

  const callerOf = (caller: Principal) => ({
    userId: caller.userId,
    accountId: caller.accountId,
    role: caller.role,
  });

  return {
    // The catalogue, the account's plan and its usage name plans of PLAN_IDS only.
    listPlans: async (context) => (await rpc.listPlans({}, call(context))).plans as Plan[],
    getAccountPlan: async (caller, context) =>
      (await rpc.getAccountPlan({ caller: callerOf(caller) }, call(context))) as AccountPlan,
    getUsage: async (caller, context) =>
      (await rpc.getUsage({ caller: callerOf(caller) }, call(context))) as Usage,
    getPaymentsConfig: (context) => rpc.getPaymentsConfig({}, call(context)),
    createPaymentIntent: (caller, body, context) =>
      rpc.createPaymentIntent({ caller: callerOf(caller), bodyJson: JSON.stringify(body) }, call(context)),
    createSubscriptionAfterPayment: (caller, body, context) =>
      rpc.createSubscriptionAfterPayment(
        { caller: callerOf(caller), bodyJson: JSON.stringify(body) },
        call(context),
      ),
    changeSubscription: (caller, body, creating, context) =>
      rpc.changeSubscription(
        { caller: callerOf(caller), bodyJson: JSON.stringify(body), creating },
        call(context),
      ),
    cancelSubscription: (caller, context) =>
      rpc.cancelSubscription({ caller: callerOf(caller) }, call(context)),
    openCustomerPortal: (caller, context) =>
      rpc.openCustomerPortal({ caller: callerOf(caller) }, call(context)),
    createConnectLink: (caller, context) =>
      rpc.createConnectLink({ caller: callerOf(caller) }, call(context)),
    getPayoutStatus: (caller, context) => rpc.getPayoutStatus({ caller: callerOf(caller) }, call(context)),
    createOrderPaymentIntent: (accountId, order, context) =>
      rpc.createOrderPaymentIntent({ accountId, bodyJson: JSON.stringify(order) }, call(context)),
    listOrders: (caller, context) => rpc.listOrders({ caller: callerOf(caller) }, call(context)),
    handleWebhook: (payload, signature, context) => rpc.handleWebhook({ payload, signature }, call(context)),
    close: () => rpc.close(),
  };
}
