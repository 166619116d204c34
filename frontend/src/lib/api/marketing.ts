import { CAMPAIGN_STATUSES, PLAN_IDS, type Audience } from '@parley/contracts';
import { z } from 'zod';
import { api } from './client';

/** Email marketing as the gateway answers it (docs/api/marketing.md). */
export const contactSchema = z.object({
  domainId: z.string(),
  domain: z.string(),
  email: z.string(),
  name: z.string(),
  firstSeen: z.string(),
  bookings: z.number(),
  orders: z.number(),
  subscribed: z.boolean(),
  unsubscribedAt: z.string().nullable(),
  answers: z.array(z.object({ questionId: z.string(), question: z.string(), answer: z.string() })),
});
export type Contact = z.infer<typeof contactSchema>;

const usageSchema = z.object({
  month: z.string(),
  emailsPerMonth: z.number(),
  emailsUsed: z.number(),
  emailsLeft: z.number(),
});

export const contactsPageSchema = z.object({
  data: z.array(contactSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  questions: z.array(z.object({ questionId: z.string(), question: z.string(), domainId: z.string() })),
  limits: usageSchema.extend({
    plan: z.enum(PLAN_IDS),
    contacts: z.number(),
    contactsHeld: z.number(),
    heldBack: z.number(),
    message: z.string().nullable(),
  }),
});
export type ContactsPage = z.infer<typeof contactsPageSchema>;

const audienceSchema = z.object({
  query: z.string(),
  questionId: z.string(),
  answer: z.string(),
  booked: z.enum(['any', 'yes', 'no']),
  ordered: z.enum(['any', 'yes', 'no']),
});

export const campaignSchema = z.object({
  id: z.string(),
  domainId: z.string(),
  domain: z.string(),
  subject: z.string(),
  body: z.string(),
  audience: audienceSchema,
  status: z.enum([...CAMPAIGN_STATUSES]),
  sendAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  refusal: z.string().nullable(),
  recipients: z.number(),
  stats: z.object({
    sent: z.number(),
    failed: z.number(),
    pending: z.number(),
    suppressed: z.number(),
    unsubscribed: z.number(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

const campaignsSchema = z.object({
  data: z.array(campaignSchema),
  usage: usageSchema.extend({ plan: z.enum(PLAN_IDS) }),
});
export type CampaignsList = z.infer<typeof campaignsSchema>;

export interface CampaignBody {
  domainId: string;
  subject: string;
  body: string;
  audience: Audience;
}

const one = z.object({ data: campaignSchema });

export const marketingApi = {
  contacts: (query: Record<string, string | number>) => {
    const params = new URLSearchParams(
      Object.entries(query)
        .filter(([, v]) => v !== '' && v !== 'any' && v !== 'all')
        .map(([k, v]) => [k, String(v)]),
    );
    return api(`/marketing/contacts?${params.toString()}`, { schema: contactsPageSchema });
  },
  campaigns: () => api('/marketing/campaigns', { schema: campaignsSchema }),
  create: async (body: CampaignBody) =>
    (await api('/marketing/campaigns', { method: 'POST', body, schema: one })).data,
  update: async (id: string, body: CampaignBody) =>
    (await api(`/marketing/campaigns/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: one })).data,
  remove: (id: string) => api(`/marketing/campaigns/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  send: async (id: string, sendAt: string | null) =>
    (
      await api(`/marketing/campaigns/${encodeURIComponent(id)}/send`, {
        method: 'POST',
        body: { sendAt },
        schema: one,
      })
    ).data,
  unschedule: async (id: string) =>
    (await api(`/marketing/campaigns/${encodeURIComponent(id)}/unschedule`, { method: 'POST', schema: one }))
      .data,
  preview: async (body: Pick<CampaignBody, 'domainId' | 'subject' | 'body'>) =>
    (
      await api('/marketing/campaigns/preview', {
        method: 'POST',
        body,
        schema: z.object({ data: z.object({ subject: z.string(), html: z.string() }) }),
      })
    ).data,
  test: async (body: Pick<CampaignBody, 'domainId' | 'subject' | 'body'>) =>
    (
      await api('/marketing/campaigns/test', {
        method: 'POST',
        body,
        schema: z.object({ data: z.object({ sentTo: z.string() }) }),
      })
    ).data,
};
