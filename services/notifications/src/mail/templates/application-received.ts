import { applicationReceivedSubject } from '@parley/contracts';
import { z } from 'zod';
import { defineTemplate } from '../template';
import { emailLayout, escapeHtml } from './html';

/**
 * To a visitor who applied for a job on /careers (once per application): we have it, what
 * happens next, and the careers page.
 */
export const applicationReceivedTemplate = defineTemplate({
  name: 'application-received',
  data: z.object({
    name: z.string().trim().min(1),
    jobTitle: z.string().trim().min(1),
    /** `${PUBLIC_APP_URL}/careers`. */
    careersUrl: z.url(),
  }),
  secrets: z.object({}),
  render({ data }) {
    const subject = applicationReceivedSubject(data.jobTitle);
    const text = [
      `Hi ${data.name},`,
      '',
      `Thank you for applying for ${data.jobTitle} at Parley. Your application and CV reached us.`,
      '',
      'We read every application and reply to each within two weeks, and tell you how the process goes from there.',
      '',
      `Our other open roles: ${data.careersUrl}`,
      '',
      'The Parley team',
      '',
    ].join('\n');
    const e = escapeHtml;
    const link = e(data.careersUrl);
    const html = emailLayout({
      title: subject,
      preheader: 'We reply to every application within two weeks.',
      content: `<p style="margin:0 0 16px;">Hi ${e(data.name)},</p>
<p style="margin:0 0 16px;">Thank you for applying for <strong>${e(data.jobTitle)}</strong> at Parley. Your application and CV reached us.</p>
<p style="margin:0 0 24px;">We read every application and reply to each within two weeks, and tell you how the process goes from there.</p>
<p style="margin:0;font-size:13px;color:#6b7280;">Our other open roles: <a href="${link}" style="color:#4f46e5;word-break:break-all;">${link}</a></p>`,
    });
    return { subject, text, html };
  },
});
