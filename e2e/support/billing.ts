import { randomUUID } from 'node:crypto';
import { BillingEvent, PLANS, type AccountPlanChanged } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { callerTokenSigner, callUnary, createClient, loadService } from '@parley/grpc';
import { connectTestNats } from '@parley/testing';
import { runDir } from '../../scripts/lib/paths.mjs';
import { resolveProfile } from '../../scripts/lib/profiles.mjs';
import { ensureLocalSecrets } from '../../scripts/lib/secrets.mjs';

/** STANDARD's monthly assistant requests (packages/contracts plans). */
export const STANDARD_REQUEST_LIMIT = 100;
/** services/assistant/src/policy/texts.ts: what the bot says once the plan's requests are used up. */
export const LIMIT_NOTICE =
  "Thanks for your message. Our assistant can't answer right now. Would you like a person from our team to join you here?";

/**
 * Uses `count` of the account's assistant requests through the test stack's billing service, as
 * the assistant does per answer (ConsumeRequest, idempotent by request id).
 */
export async function consumeRequests(accountId: string, count: number, label = 'e2e'): Promise<void> {
  const billing = createClient(
    loadService('billing/v1/billing.proto', 'parley.billing.v1.Billing'),
    `127.0.0.1:${resolveProfile('test').ports.billingGrpc}`,
    // Billing checks the caller token, signed with the stack's key (.run/secrets.env), as the assistant's.
    { callerToken: callerTokenSigner(ensureLocalSecrets(runDir).CALLER_TOKEN_SECRET, 'assistant') },
  );
  try {
    for (let i = 0; i < count; i++) {
      const usage = await callUnary<unknown, { allowed: boolean }>(
        billing,
        'ConsumeRequest',
        { accountId, requestId: `${label}-${accountId}-${i}` },
        { deadlineMs: 10_000 },
      );
      if (!usage.allowed) throw new Error(`request ${i} was refused`);
    }
  } finally {
    billing.close();
  }
}

/**
 * Moves an account to PRO as billing records a paid upgrade: its AccountPlanChanged, on the test
 * stack's event log (the payments specs walk the real upgrade; these specs need only the plan).
 */
export async function upgradeToPro(accountId: string): Promise<void> {
  const nc = await connectTestNats();
  try {
    const store = new EventStore(nc, { context: 'billing', namespace: process.env.E2E_EVENT_NAMESPACE });
    const subject = store.subject('account', accountId);
    const { version } = await store.load(subject);
    const data: AccountPlanChanged = {
      accountId,
      plan: 'PRO',
      selectedPlan: 'PRO',
      limits: {
        maxDomains: PLANS.PRO.maxDomains,
        credits: PLANS.PRO.credits,
        contacts: PLANS.PRO.contacts,
        emailsPerMonth: PLANS.PRO.emailsPerMonth,
      },
      changedAt: new Date().toISOString(),
    };
    await store.append(subject, [{ type: BillingEvent.AccountPlanChanged, data }], {
      expectedVersion: version,
      commandId: randomUUID(),
    });
  } finally {
    await nc.close();
  }
}
