import { billingError } from '@parley/contracts';
import { unary, type ServiceHandlers } from '@parley/grpc';
import type { Logger } from '@parley/logger';
import type { BillingDeps } from '../app/deps';
import { getAccountPlan } from '../app/get-account-plan';
import { createConnectLink, payoutStatus } from '../app/payments/connect';
import { createUpgradePaymentIntent } from '../app/payments/create-payment-intent';
import { createOrderPaymentIntent, listOrders } from '../app/payments/orders';
import {
  cancelSubscription,
  changeSubscription,
  openCustomerPortal,
} from '../app/payments/manage-subscription';
import { paymentsConfig } from '../app/payments/payments-config';
import { createSubscriptionAfterPayment } from '../app/payments/subscription-after-payment';
import { handleWebhook } from '../app/payments/webhook';
import { consumeRequest, getUsage } from '../app/usage';
import { listPlans } from '../catalogue/catalogue';

/** A request's `body_json`, parsed; an empty one is an empty body. */
function bodyOf(req: { bodyJson: string }): unknown {
  if (!req.bodyJson) return {};
  try {
    return JSON.parse(req.bodyJson) as unknown;
  } catch {
    throw billingError('validation', 'The request body is not valid JSON', 'MALFORMED_JSON');
  }
}

const change = (c: {
  message: string;
  checkoutUrl?: string;
  subscriptionId?: string;
  status?: string;
  endsAt?: string;
}) => ({
  message: c.message,
  checkoutUrl: c.checkoutUrl ?? '',
  subscriptionId: c.subscriptionId ?? '',
  status: c.status ?? '',
  endsAt: c.endsAt ?? '',
});

/** proto <-> application mapping for parley.billing.v1.Billing; no decisions here. */
export function billingService(
  deps: BillingDeps,
  logger: Logger,
): ServiceHandlers<'parley.billing.v1.Billing'> {
  const onInternal = (method: string) => (error: unknown) =>
    logger.error({ err: error, method }, 'billing call failed');
  const rpc = <Req, Res>(method: string, handler: (req: Req) => Promise<Res>) =>
    unary<Req, Res>(handler, onInternal(method));

  return {
    ListPlans: rpc('ListPlans', async () => ({ plans: listPlans() })),
    GetAccountPlan: rpc('GetAccountPlan', async (req) => {
      const plan = await getAccountPlan(deps, { accountId: req.caller?.accountId });
      return { ...plan, subscription: plan.subscription ?? null };
    }),
    GetUsage: rpc('GetUsage', async (req) => getUsage(deps, { accountId: req.caller?.accountId })),
    GetAccountUsage: rpc('GetAccountUsage', async (req) => getUsage(deps, { accountId: req.accountId })),
    ConsumeRequest: rpc('ConsumeRequest', async (req) =>
      consumeRequest(deps, { accountId: req.accountId, requestId: req.requestId }),
    ),
    GetPaymentsConfig: rpc('GetPaymentsConfig', async () => paymentsConfig(deps)),
    CreatePaymentIntent: rpc('CreatePaymentIntent', async (req) =>
      createUpgradePaymentIntent(deps, { accountId: req.caller?.accountId, body: bodyOf(req) }),
    ),
    CreateSubscriptionAfterPayment: rpc('CreateSubscriptionAfterPayment', async (req) =>
      change({
        message: 'Subscription created successfully!',
        ...(await createSubscriptionAfterPayment(deps, {
          accountId: req.caller?.accountId,
          body: bodyOf(req),
        })),
      }),
    ),
    ChangeSubscription: rpc('ChangeSubscription', async (req) =>
      change(
        await changeSubscription(deps, {
          accountId: req.caller?.accountId,
          body: bodyOf(req),
          creating: !!req.creating,
        }),
      ),
    ),
    CancelSubscription: rpc('CancelSubscription', async (req) =>
      change(await cancelSubscription(deps, { accountId: req.caller?.accountId })),
    ),
    OpenCustomerPortal: rpc('OpenCustomerPortal', async (req) =>
      openCustomerPortal(deps, { accountId: req.caller?.accountId }),
    ),
    CreateConnectLink: rpc('CreateConnectLink', async (req) =>
      createConnectLink(deps, { accountId: req.caller?.accountId }),
    ),
    GetPayoutStatus: rpc('GetPayoutStatus', async (req) =>
      payoutStatus(deps, { accountId: req.caller?.accountId }),
    ),
    CreateOrderPaymentIntent: rpc('CreateOrderPaymentIntent', async (req) =>
      createOrderPaymentIntent(deps, { accountId: req.accountId, body: bodyOf(req) }),
    ),
    ListOrders: rpc('ListOrders', async (req) => listOrders(deps, { accountId: req.caller?.accountId })),
    HandleWebhook: rpc('HandleWebhook', async (req) =>
      handleWebhook(deps, { payload: req.payload, signature: req.signature }),
    ),
  };
}
