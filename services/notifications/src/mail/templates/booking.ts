import { bookingDateLabel, bookingMessage } from '@parley/contracts';
import { z } from 'zod';
import { defineTemplate } from '../template';
import { emailLayout, escapeHtml } from './html';

/**
 * To the account's owner when a visitor books an appointment (once per booking): who, what,
 * when, on which site, the visitor's email to reply to, and a link to the dashboard's bookings.
 * The subject is the bell's BOOKING text.
 */
export const bookingTemplate = defineTemplate({
  name: 'booking',
  data: z.object({
    fullname: z.string().trim().min(1),
    /** The domain's name; null when notifications had not heard of it. */
    domain: z.string().trim().min(1).nullable(),
    name: z.string().trim().min(1),
    email: z.string().trim().min(1),
    appointmentName: z.string().trim().min(1),
    /** YYYY-MM-DD */
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    slot: z.string().trim().min(1),
    /** `${PUBLIC_APP_URL}/dashboard/bookings?domainId=<domainId>`. */
    bookingsUrl: z.url(),
  }),
  secrets: z.object({}),
  render({ data }) {
    const subject = bookingMessage(data, data.domain);
    const when = `${bookingDateLabel(data.date)} at ${data.slot}`;
    const where = data.domain ? ` on ${data.domain}` : '';
    const text = [
      `Hi ${data.fullname},`,
      '',
      `${data.name} booked ${data.appointmentName}${where}.`,
      '',
      `When: ${when}`,
      `Name: ${data.name}`,
      `Email: ${data.email}`,
      '',
      'Every booking, and the conversation when the visitor chatted:',
      '',
      data.bookingsUrl,
      '',
      'The Parley team',
      '',
    ].join('\n');
    const e = escapeHtml;
    const link = e(data.bookingsUrl);
    const row = (label: string, value: string) =>
      `<tr><td style="padding:4px 16px 4px 0;color:#6b7280;white-space:nowrap;">${label}</td><td style="padding:4px 0;color:#111827;">${value}</td></tr>`;
    const html = emailLayout({
      title: subject,
      preheader: `${data.appointmentName}, ${when}`,
      content: `<p style="margin:0 0 16px;">Hi ${e(data.fullname)},</p>
<p style="margin:0 0 16px;">${e(data.name)} booked <strong>${e(data.appointmentName)}</strong>${data.domain ? ` on <strong>${e(data.domain)}</strong>` : ''}.</p>
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;font-size:15px;">
${row('When', e(when))}
${row('Name', e(data.name))}
${row('Email', `<a href="mailto:${e(data.email)}" style="color:#4f46e5;">${e(data.email)}</a>`)}
</table>
<p style="margin:0 0 24px;text-align:center;"><a href="${link}" style="display:inline-block;padding:12px 24px;background-color:#4f46e5;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold;">See your bookings</a></p>
<p style="margin:0;font-size:13px;color:#6b7280;">Or paste this link into your browser: <a href="${link}" style="color:#4f46e5;word-break:break-all;">${link}</a></p>`,
    });
    return { subject, text, html };
  },
});
