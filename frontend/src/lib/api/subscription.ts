import { z } from 'zod';
import { api } from './client';

/** GET /api/billing/subscription (docs/api/billing.md): subscription details with request usage. */
export const subscriptionDetailsSchema = z.object({
  currentPlan: z.string(),
  canUpgrade: z.boolean(),
  canDowngrade: z.boolean(),
  requestLimit: z.number().nullish(),
  requestsUsed: z.number(),
  requestsRemaining: z.number(),
  usagePeriod: z.object({ start: z.string(), end: z.string() }),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>;

export const fetchSubscriptionDetails = (signal?: AbortSignal) =>
  api('/billing/subscription', { schema: z.object({ data: subscriptionDetailsSchema }), signal });
