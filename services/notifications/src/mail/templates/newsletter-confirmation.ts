import { z } from 'zod';
import { defineTemplate, MailContentError } from '../template';
import { emailLayout, escapeHtml } from './html';

export const NEWSLETTER_CONFIRMATION_SUBJECT = 'Confirm your Parley newsletter subscription';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** How long the confirm link still works when the mail is sent: whole days, or hours on its last day. */
export function linkValidity(expiresAt: Date, now: Date): string {
  const left = expiresAt.getTime() - now.getTime();
  if (left >= DAY) {
    const days = Math.ceil(left / DAY);
    return `${days} ${days === 1 ? 'day' : 'days'}`;
  }
  const hours = Math.max(1, Math.ceil(left / HOUR));
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

const link = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/**
 * The double opt-in mail. The links carry signed tokens, so they are secrets: sealed in the
 * outbox and opened only to render.
 */
export const newsletterConfirmationTemplate = defineTemplate({
  name: 'newsletter-confirmation',
  data: z.object({ email: z.string().trim().min(3) }),
  secrets: z.object({ confirmUrl: link, unsubscribeUrl: link }),
  render({ data, secrets, now, expiresAt }) {
    if (!expiresAt)
      throw new MailContentError('newsletter-confirmation: a confirmation mail needs an expiry');
    const validity = linkValidity(expiresAt, now);
    const text = [
      'Hi,',
      '',
      `Someone, hopefully you, asked to receive Parley product updates at ${data.email}.`,
      'Please confirm your subscription by opening this link:',
      '',
      `    ${secrets.confirmUrl}`,
      '',
      `The link works for ${validity}. We send you no newsletter until you confirm.`,
      '',
      'If you did not ask for this, ignore this email: you will not be subscribed.',
      `Changed your mind later? Unsubscribe at any time: ${secrets.unsubscribeUrl}`,
      '',
      'The Parley team',
      '',
    ].join('\n');
    const confirmUrl = escapeHtml(secrets.confirmUrl);
    const unsubscribeUrl = escapeHtml(secrets.unsubscribeUrl);
    const html = emailLayout({
      title: NEWSLETTER_CONFIRMATION_SUBJECT,
      preheader: 'One click to confirm that you want Parley product updates.',
      content: `<p style="margin:0 0 16px;">Hi,</p>
<p style="margin:0 0 16px;">Someone, hopefully you, asked to receive Parley product updates at <strong>${escapeHtml(data.email)}</strong>. Please confirm your subscription:</p>
<p style="margin:0 0 24px;text-align:center;"><a href="${confirmUrl}" style="display:inline-block;padding:12px 24px;background-color:#4f46e5;border-radius:6px;color:#ffffff;font-weight:bold;text-decoration:none;">Confirm my subscription</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280;">Or paste this link into your browser: <a href="${confirmUrl}" style="color:#4f46e5;word-break:break-all;">${confirmUrl}</a></p>
<p style="margin:0 0 16px;">The link works for <strong>${validity}</strong>. We send you no newsletter until you confirm.</p>
<p style="margin:0;font-size:13px;color:#6b7280;">If you did not ask for this, ignore this email: you will not be subscribed. Changed your mind later? <a href="${unsubscribeUrl}" style="color:#6b7280;">Unsubscribe</a> at any time.</p>`,
    });
    return { subject: NEWSLETTER_CONFIRMATION_SUBJECT, text, html };
  },
});
