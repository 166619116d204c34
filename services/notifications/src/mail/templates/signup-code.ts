import { z } from 'zod';
import { defineTemplate, MailContentError } from '../template';
import { emailLayout, escapeHtml } from './html';

export const SIGNUP_CODE_SUBJECT = 'Your Parley verification code';

/** Whole minutes left, rounded up, so a mail sent right away says what the sign-up page says. */
export function minutesLeft(expiresAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 60_000));
}

const plural = (n: number) => `${n} ${n === 1 ? 'minute' : 'minutes'}`;

export const signupCodeTemplate = defineTemplate({
  name: 'signup-code',
  data: z.object({ fullname: z.string().trim().min(1) }),
  secrets: z.object({ code: z.string().regex(/^\d{6}$/, 'the verification code must be 6 digits') }),
  render({ data, secrets, now, expiresAt }) {
    if (!expiresAt) throw new MailContentError('signup-code: a verification code mail needs an expiry');
    const validity = plural(minutesLeft(expiresAt, now));
    const text = [
      `Hi ${data.fullname},`,
      '',
      'Your Parley verification code is:',
      '',
      `    ${secrets.code}`,
      '',
      `Enter it on the sign-up page to confirm your email address. The code expires in ${validity}.`,
      '',
      'If you did not sign up for Parley, you can ignore this email; no account is created without the code.',
      '',
      'The Parley team',
      '',
    ].join('\n');
    const html = emailLayout({
      title: SIGNUP_CODE_SUBJECT,
      preheader: `Your verification code is ${secrets.code}. It expires in ${validity}.`,
      content: `<p style="margin:0 0 16px;">Hi ${escapeHtml(data.fullname)},</p>
<p style="margin:0 0 16px;">Your Parley verification code is:</p>
<p style="margin:0 0 16px;padding:16px;background-color:#f3f4f6;border-radius:6px;text-align:center;font-family:'Courier New',Courier,monospace;font-size:32px;font-weight:bold;letter-spacing:8px;color:#111827;">${escapeHtml(secrets.code)}</p>
<p style="margin:0 0 16px;">Enter it on the sign-up page to confirm your email address. The code expires in <strong>${validity}</strong>.</p>
<p style="margin:0;font-size:13px;color:#6b7280;">If you did not sign up for Parley, you can ignore this email; no account is created without the code.</p>`,
    });
    return { subject: SIGNUP_CODE_SUBJECT, text, html };
  },
});
