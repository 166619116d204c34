import type { UntypedServiceImplementation } from '@grpc/grpc-js';
import { unary, type CallerMessage } from '@parley/grpc';
import type { Logger } from '@parley/logger';
import type { BillingDeps } from '../app/deps';
import { getAccountPlan } from '../app/get-account-plan';
import { consumeRequest, getUsage } from '../app/usage';
import { listPlans } from '../catalogue/catalogue';

/** proto <-> application mapping for parley.billing.v1.Billing; no decisions here. */
export function billingService(deps: BillingDeps, logger: Logger): UntypedServiceImplementation {
  const onInternal = (method: string) => (error: unknown) =>
    logger.error({ err: error, method }, 'billing call failed');
  const rpc = <Req, Res>(method: string, handler: (req: Req) => Promise<Res>) =>
    unary<Req, Res>(handler, onInternal(method));

  return {
    ListPlans: rpc('ListPlans', async () => ({ plans: listPlans() })),
    GetAccountPlan: rpc('GetAccountPlan', async (req: { caller?: CallerMessage | null }) =>
      getAccountPlan(deps, { accountId: req.caller?.accountId }),
    ),
    GetUsage: rpc('GetUsage', async (req: { caller?: CallerMessage | null }) =>
      getUsage(deps, { accountId: req.caller?.accountId }),
    ),
    GetAccountUsage: rpc('GetAccountUsage', async (req: { accountId?: string }) =>
      getUsage(deps, { accountId: req.accountId }),
    ),
    ConsumeRequest: rpc('ConsumeRequest', async (req: { accountId?: string; requestId?: string }) =>
      consumeRequest(deps, { accountId: req.accountId, requestId: req.requestId }),
    ),
  };
}
