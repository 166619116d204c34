import { z } from 'zod';
import { defineTemplate } from '../template';
import { emailLayout, escapeHtml } from './html';

export const offlineMessageSubject = (domain: string | null) =>
  domain ? `A visitor left a message on ${domain}` : 'A visitor left a message';

/**
 * Issue 17: to the account's owner when a visitor leaves the widget's offline form outside
 * business hours (once per conversation): who to answer, their message, and the conversation.
 */
export const offlineMessageTemplate = defineTemplate({
  name: 'offline-message',
  data: z.object({
    fullname: z.string().trim().min(1),
    domain: z.string().trim().min(1).nullable(),
    /** The address the visitor gave in the form. */
    visitorEmail: z.string().trim().min(1),
    message: z.string(),
    conversationUrl: z.url(),
  }),
  secrets: z.object({}),
  render({ data }) {
    const subject = offlineMessageSubject(data.domain);
    const where = data.domain ? `on ${data.domain} ` : '';
    const text = [
      `Hi ${data.fullname},`,
      '',
      `A visitor ${where}wrote outside your business hours and left a message for your team.`,
      '',
      `From: ${data.visitorEmail}`,
      '',
      data.message,
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
      preheader: `From ${data.visitorEmail}`,
      content: `<p style="margin:0 0 16px;">Hi ${escapeHtml(data.fullname)},</p>
<p style="margin:0 0 16px;">A visitor ${data.domain ? `on <strong>${escapeHtml(data.domain)}</strong> ` : ''}wrote outside your business hours and left a message for your team.</p>
<p style="margin:0 0 8px;"><strong>From:</strong> ${escapeHtml(data.visitorEmail)}</p>
<blockquote style="margin:0 0 24px;padding:12px 16px;border-left:4px solid #4f46e5;background:#f5f5ff;white-space:pre-wrap;">${escapeHtml(data.message)}</blockquote>
<p style="margin:0 0 24px;text-align:center;"><a href="${link}" style="display:inline-block;padding:12px 24px;background-color:#4f46e5;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold;">Open the conversation</a></p>
<p style="margin:0;font-size:13px;color:#6b7280;">You get this email once per conversation.</p>`,
    });
    return { subject, text, html };
  },
});
