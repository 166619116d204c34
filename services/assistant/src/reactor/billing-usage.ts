import { loadService, rpcClient, type CallerTokenSigner } from '@parley/grpc';
import type { UsageMeter } from './respond';

/**
 * The account's request budget from billing. One request is consumed before the bot answers,
 * keyed by the visitor message id (a redelivered message never counts twice); when none is left
 * billing counts nothing and the policy tells the visitor a person will reply. Consuming first
 * rather than after answering keeps two messages at the last credit from both being answered.
 */
export function billingUsage(
  address: string,
  deadlineMs = 5_000,
  callerToken?: CallerTokenSigner,
): UsageMeter & { close(): void } {
  const Service = loadService('billing/v1/billing.proto', 'parley.billing.v1.Billing');
  const rpc = rpcClient(Service, address, { deadlineMs, callerToken });
  return {
    async consume(accountId, requestId) {
      const usage = await rpc.consumeRequest({ accountId, requestId });
      return usage.allowed ? { allowed: true } : { allowed: false, period: usage.periodStart };
    },
    close: () => rpc.close(),
  };
}
