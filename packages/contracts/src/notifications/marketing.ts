import { z } from 'zod';
import { emailSchema } from '../validation/auth';
import { MAX_RICH_TEXT_LENGTH, richTextIsEmpty } from '../validation/editorial';
import { PLANS, type PlanId } from '../plans';

/**
 * Email marketing (issue 14 item 1), a context of its own served by the notifications service:
 * stream MARKETING. Subjects: marketing.account.<accountId> (the account's campaigns and the
 * emails they spent, one aggregate so a month's count is checked and spent in one append) and
 * marketing.contact.<sha256 of domainId and the lower-cased address> (an unsubscribe).
 */
export const MarketingEvent = {
  CampaignSaved: 'marketing.CampaignSaved',
  CampaignScheduled: 'marketing.CampaignScheduled',
  CampaignUnscheduled: 'marketing.CampaignUnscheduled',
  /** The recipients are fixed and the emails counted: each recipient gets exactly one mail. */
  CampaignReleased: 'marketing.CampaignReleased',
  /** A scheduled campaign could not go out at its time (the month's emails, no recipients). */
  CampaignRefused: 'marketing.CampaignRefused',
  CampaignDeleted: 'marketing.CampaignDeleted',
  ContactUnsubscribed: 'marketing.ContactUnsubscribed',
} as const;

export const MARKETING_MESSAGES = {
  domain: 'Choose a domain',
  subject: 'Subject is required',
  body: 'Write the email before sending it',
  sendAtPast: 'Choose a time in the future',
  noRecipients: 'No subscribed contacts match these recipients',
  alreadySent: 'This campaign has been sent already',
} as const;
const M = MARKETING_MESSAGES;

/** Who a campaign goes to: the domain's contacts, all of them or those matching every filter given. */
export const audienceSchema = z.object({
  /** Words in the name or address. */
  query: z.string().trim().max(200).default(''),
  /** A filter question's id, with the answer it must have (words of it; empty: answered at all). */
  questionId: z.string().trim().max(64).default(''),
  answer: z.string().trim().max(200).default(''),
  booked: z.enum(['any', 'yes', 'no']).default('any'),
  ordered: z.enum(['any', 'yes', 'no']).default('any'),
});
export type Audience = z.infer<typeof audienceSchema>;

export const campaignInputSchema = z.object({
  domainId: z.string({ error: M.domain }).trim().min(1, { error: M.domain }).max(64),
  subject: z
    .string({ error: M.subject })
    .trim()
    .min(1, { error: M.subject })
    .max(200, { error: 'At most 200 characters' }),
  body: z
    .string({ error: M.body })
    .max(MAX_RICH_TEXT_LENGTH, { error: 'The text is too long' })
    .refine((html) => !richTextIsEmpty(html), { error: M.body }),
  audience: audienceSchema.default({ query: '', questionId: '', answer: '', booked: 'any', ordered: 'any' }),
});
export type CampaignInput = z.infer<typeof campaignInputSchema>;

/** POST /campaigns/{id}/send: now, or at `sendAt` (ISO-8601, in the future). */
export const campaignSendSchema = z.object({
  sendAt: z.iso.datetime({ offset: true, error: 'Choose a valid time' }).nullable().default(null),
});
export type CampaignSend = z.infer<typeof campaignSendSchema>;

/** POST /campaigns/preview and /campaigns/test: what is being written, saved or not. */
export const campaignDraftSchema = campaignInputSchema.pick({ domainId: true, subject: true, body: true });

/** GET /contacts: read leniently, like the other lists. */
export const contactsQuerySchema = audienceSchema.extend({
  domainId: z.string().trim().max(64).catch(''),
  status: z.enum(['all', 'subscribed', 'unsubscribed']).catch('all'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20),
  query: z.string().trim().max(200).catch(''),
  questionId: z.string().trim().max(64).catch(''),
  answer: z.string().trim().max(200).catch(''),
  booked: z.enum(['any', 'yes', 'no']).catch('any'),
  ordered: z.enum(['any', 'yes', 'no']).catch('any'),
});
export type ContactsQuery = z.infer<typeof contactsQuerySchema>;

export const unsubscribeEmailSchema = emailSchema;

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'refused'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

const planName = (plan: PlanId) => PLANS[plan].name;
const n = (value: number) => value.toLocaleString('en-US');

/** Refusal before sending: counted per recipient against what the month has left. */
export function emailLimitMessage(plan: PlanId, limit: number, left: number, recipients: number): string {
  return (
    `Your ${planName(plan)} plan allows ${n(limit)} emails a month and ${n(left)} ` +
    `${left === 1 ? 'is' : 'are'} left this month; this campaign has ${n(recipients)} ` +
    `recipient${recipients === 1 ? '' : 's'}.` +
    (plan === 'PRO'
      ? ' Narrow the recipients or wait for next month.'
      : ' Narrow the recipients or upgrade to Pro.')
  );
}

/** Shown with the contacts while the account holds more than its plan keeps. */
export function contactsLimitMessage(plan: PlanId, limit: number, heldBack: number): string {
  return (
    `Your ${planName(plan)} plan keeps ${n(limit)} contacts. ${n(heldBack)} newer ` +
    `contact${heldBack === 1 ? ' is' : 's are'} held back: not listed and not emailed` +
    (plan === 'PRO' ? '.' : ' until you upgrade to Pro.')
  );
}

export const MARKETING_UNSUBSCRIBE_PATH = '/unsubscribed';
