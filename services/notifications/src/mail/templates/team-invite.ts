import { z } from 'zod';
import { defineTemplate } from '../template';
import { emailLayout, escapeHtml } from './html';

export const teamInviteSubject = (inviterName: string) => `${inviterName} invited you to their Parley team`;

/**
 * The team invitation: a link to the accept page carrying the single-use token. The token stays
 * sealed until this renders; the link base (the frontend's address) is plain data.
 */
export const teamInviteTemplate = defineTemplate({
  name: 'team-invite',
  data: z.object({
    inviterName: z.string().trim().min(1),
    /** `${PUBLIC_APP_URL}/auth/accept-invite`. */
    acceptUrl: z.url(),
  }),
  secrets: z.object({ token: z.string().min(1) }),
  render({ data, secrets }) {
    const link = `${data.acceptUrl}?token=${encodeURIComponent(secrets.token)}`;
    const subject = teamInviteSubject(data.inviterName);
    const text = [
      'Hi,',
      '',
      `${data.inviterName} invited you to join their team on Parley as a support agent.`,
      '',
      'Accept the invitation and set your password here:',
      '',
      link,
      '',
      'The link works once and expires in 7 days.',
      '',
      'If you did not expect this invitation, you can ignore this email.',
      '',
      'The Parley team',
      '',
    ].join('\n');
    const html = emailLayout({
      title: subject,
      preheader: `${data.inviterName} invited you to their Parley team.`,
      content: `<p style="margin:0 0 16px;">Hi,</p>
<p style="margin:0 0 16px;"><strong>${escapeHtml(data.inviterName)}</strong> invited you to join their team on Parley as a support agent.</p>
<p style="margin:0 0 24px;text-align:center;"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 24px;background-color:#4f46e5;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold;">Accept invitation</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280;">Or paste this link into your browser: <a href="${escapeHtml(link)}" style="color:#4f46e5;word-break:break-all;">${escapeHtml(link)}</a></p>
<p style="margin:0 0 16px;">The link works once and expires in 7 days.</p>
<p style="margin:0;font-size:13px;color:#6b7280;">If you did not expect this invitation, you can ignore this email.</p>`,
    });
    return { subject, text, html };
  },
});
