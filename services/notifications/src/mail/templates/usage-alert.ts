import { z } from 'zod';
import { defineTemplate } from '../template';
import { emailLayout, escapeHtml } from './html';

const TITLES = { warning: 'Approaching request limit', limit: 'Request limit reached' } as const;

/** Spec, Roles: PRO is told to contact support for usage-based pricing; STANDARD may upgrade to PRO. */
export const usageActionText = (plan: 'STANDARD' | 'PRO') =>
  plan === 'PRO' ? 'Contact support for usage-based pricing.' : 'Upgrade to PRO for 1,000 requests a month.';

/**
 * To the account's owner once per billing period at 80% of the request limit, and once at the
 * limit (the assistant then stops answering and visitors are told a person will reply).
 */
export const usageAlertTemplate = defineTemplate({
  name: 'usage-alert',
  data: z.object({
    fullname: z.string().trim().min(1),
    level: z.enum(['warning', 'limit']),
    plan: z.enum(['STANDARD', 'PRO']),
    requestsUsed: z.number().int().nonnegative(),
    requestLimit: z.number().int().positive(),
    /** ISO-8601: when the period ends and the count starts again. */
    periodEnd: z.string(),
    /** `${PUBLIC_APP_URL}/dashboard/settings`. */
    settingsUrl: z.url(),
  }),
  secrets: z.object({}),
  render({ data }) {
    const subject = TITLES[data.level];
    const count = `${data.requestsUsed.toLocaleString('en-US')} of ${data.requestLimit.toLocaleString('en-US')}`;
    const resets = new Date(data.periodEnd).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    const state =
      data.level === 'limit'
        ? `Your assistant has used all ${count} requests of this billing period and has stopped answering customers: visitors are told a person from your team will reply.`
        : `Your assistant has used ${count} requests of this billing period.`;
    const action = usageActionText(data.plan);
    const text = [
      `Hi ${data.fullname},`,
      '',
      state,
      `The count starts again on ${resets}.`,
      '',
      action,
      '',
      data.settingsUrl,
      '',
      'The Parley team',
      '',
    ].join('\n');
    const link = escapeHtml(data.settingsUrl);
    const html = emailLayout({
      title: subject,
      preheader: state,
      content: `<p style="margin:0 0 16px;">Hi ${escapeHtml(data.fullname)},</p>
<p style="margin:0 0 16px;">${escapeHtml(state)}</p>
<p style="margin:0 0 16px;">The count starts again on ${escapeHtml(resets)}.</p>
<p style="margin:0 0 24px;">${escapeHtml(action)}</p>
<p style="margin:0 0 24px;text-align:center;"><a href="${link}" style="display:inline-block;padding:12px 24px;background-color:${data.level === 'limit' ? '#cf1322' : '#d46b08'};color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold;">Open your plan settings</a></p>`,
    });
    return { subject, text, html };
  },
});
