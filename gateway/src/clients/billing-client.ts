import type { Plan, PlanId, PlanLimits } from '@parley/contracts';
import { callUnary, createClient, loadService } from '@parley/grpc';
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

export interface AccountPlan {
  accountId: string;
  plan: PlanId;
  selectedPlan: PlanId;
  limits: PlanLimits;
  planDetails: PlanDetails;
  changedAt: string;
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
  close(): void;
}

export function createBillingClient(address: string, deadlineMs: number): BillingClient {
  const Billing = loadService('billing/v1/billing.proto', 'parley.billing.v1.Billing');
  const client = createClient(Billing, address);
  const call = <Req, Res>(method: string, request: Req, context?: CallContext) =>
    callUnary<Req, Res>(client, method, request, { deadlineMs, metadata: metadataOf(context) });

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
    close: () => client.close(),
  };
}
