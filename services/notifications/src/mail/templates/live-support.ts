import { liveSupportMessage } from '@parley/contracts';
import { z } from 'zod';
import { defineTemplate } from '../template';
import { emailLayout, escapeHtml } from './html';

/** The subject is the bell's LIVE_SUPPORT text: the same words in both places. */
export const liveSupportSubject = (domain: string | null) => liveSupportMessage(domain);

/**
 * To the account's owner when the assistant hands a visitor's conversation to the team (once per
 * room): which site, and a link that opens that conversation on the dashboard.
 */
export const liveSupportTemplate = defineTemplate({
  name: 'live-support',
  data: z.object({
    fullname: z.string().trim().min(1),
    /** The domain's name; null when notifications had not heard of it. */
    domain: z.string().trim().min(1).nullable(),
    /** `${PUBLIC_APP_URL}/dashboard/conversation?room=<roomId>`. */
    conversationUrl: z.url(),
  }),
  secrets: z.object({}),
  render({ data }) {
    const subject = liveSupportSubject(data.domain);
    const where = data.domain ? `on ${data.domain} ` : '';
    const text = [
      `Hi ${data.fullname},`,
      '',
      `A visitor ${where}asked to talk to a person. The assistant handed the conversation to your team: it is in live support mode and waits for your reply.`,
      '',
      'Open the conversation:',
      '',
      data.conversationUrl,
      '',
      'You get this email once per conversation.',
      '',
      'The Parley team',
      '',
    ].join('\n');
    const link = escapeHtml(data.conversationUrl);
    const html = emailLayout({
      title: subject,
      preheader: 'A visitor waits for a person to reply.',
      content: `<p style="margin:0 0 16px;">Hi ${escapeHtml(data.fullname)},</p>
<p style="margin:0 0 16px;">A visitor ${data.domain ? `on <strong>${escapeHtml(data.domain)}</strong> ` : ''}asked to talk to a person. The assistant handed the conversation to your team: it is in live support mode and waits for your reply.</p>
<p style="margin:0 0 24px;text-align:center;"><a href="${link}" style="display:inline-block;padding:12px 24px;background-color:#4f46e5;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold;">Open the conversation</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280;">Or paste this link into your browser: <a href="${link}" style="color:#4f46e5;word-break:break-all;">${link}</a></p>
<p style="margin:0;font-size:13px;color:#6b7280;">You get this email once per conversation.</p>`,
    });
    return { subject, text, html };
  },
});
