import { z } from 'zod';
import { PLAN_IDS } from '../plans';

/** Billing's public events (stream BILLING, subjects billing.account.<accountId>). */
export const BillingEvent = {
  AccountPlanChanged: 'billing.AccountPlanChanged',
} as const;

/** Emitted when an account gets its first plan and whenever it changes; carries the limits. */
export const accountPlanChangedSchema = z.object({
  accountId: z.string(),
  plan: z.enum(PLAN_IDS),
  limits: z.object({
    maxDomains: z.number().int(), // -1 means unlimited
    credits: z.number().int(),
    contacts: z.number().int(),
    emailsPerMonth: z.number().int(),
  }),
  changedAt: z.string(),
});
export type AccountPlanChanged = z.infer<typeof accountPlanChangedSchema>;
