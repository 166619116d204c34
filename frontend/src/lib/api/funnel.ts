import { z } from 'zod';
import { api } from './client';

const countsSchema = z.object({
  visitors: z.number(),
  conversations: z.number(),
  answeredByAssistant: z.number(),
  handedOff: z.number(),
  emails: z.number(),
  bookings: z.number(),
  orders: z.number(),
  revenueCents: z.number(),
});

/** GET /api/funnel (docs/api/conversations.md#funnel). */
export const funnelSchema = z.object({
  domainId: z.string(),
  from: z.string(),
  to: z.string(),
  currency: z.string().nullable(),
  totals: countsSchema,
  days: z.array(countsSchema.extend({ day: z.string() })),
  weekOverWeek: z.object({
    current: countsSchema,
    previous: countsSchema,
    change: z.record(z.string(), z.number().nullable()),
  }),
});
export type Funnel = z.infer<typeof funnelSchema>;

export const getFunnel = (query: { domainId: string; from: string; to: string }, signal?: AbortSignal) =>
  api(`/funnel?${new URLSearchParams(query).toString()}`, {
    signal,
    schema: z.object({ data: funnelSchema }),
  });
