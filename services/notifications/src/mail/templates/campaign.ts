import { z } from 'zod';
import { mailReadyBody, plainTextOf } from '../../marketing/rich-text';
import { defineTemplate, type RenderedMail } from '../template';
import { escapeHtml } from './html';

export const campaignMailDataSchema = z.object({
  campaignId: z.string().min(1),
  domainId: z.string().min(1),
  /** The domain's name: the mail comes from the owner's site, not from Parley. */
  domain: z.string().min(1),
  subject: z.string().min(1),
  /** Sanitized when the campaign was saved. */
  body: z.string().min(1),
  appUrl: z.url(),
  /** `${PUBLIC_APP_URL}/api/marketing/unsubscribe?token=…`: GET from the mail, POST one-click. */
  unsubscribeUrl: z.url(),
});
export type CampaignMailData = z.infer<typeof campaignMailDataSchema>;

/** The mail as it goes out, also what the dashboard's preview shows. */
export function renderCampaign(data: CampaignMailData): RenderedMail {
  const e = escapeHtml;
  const unsubscribe = e(data.unsubscribeUrl);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(data.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f5f7;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f5f7;">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;border-radius:8px;">
<tr><td style="padding:28px 32px 4px;font-family:Helvetica,Arial,sans-serif;font-size:13px;color:#6b7280;">${e(data.domain)}</td></tr>
<tr><td style="padding:8px 32px 24px;font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:1.6;color:#374151;">
${mailReadyBody(data.body, data.appUrl)}
</td></tr>
</table>
<p style="margin:16px 0 0;font-family:Helvetica,Arial,sans-serif;font-size:12px;line-height:1.5;color:#9ca3af;">You get this email because you left your address on ${e(data.domain)}.<br><a href="${unsubscribe}" style="color:#6b7280;">Unsubscribe</a> from ${e(data.domain)}'s emails.</p>
</td></tr>
</table>
</body>
</html>`;
  const text = [
    plainTextOf(data.body),
    '',
    '--',
    `You get this email because you left your address on ${data.domain}.`,
    `Unsubscribe: ${data.unsubscribeUrl}`,
    '',
  ].join('\n');
  return {
    subject: data.subject,
    text,
    html,
    // RFC 2369 and RFC 8058: mail clients show their own unsubscribe button and POST to it.
    headers: {
      'List-Unsubscribe': `<${data.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** One contact's copy of a campaign (and the owner's test copy, whose link unsubscribes nobody). */
export const campaignTemplate = defineTemplate({
  name: 'campaign',
  data: campaignMailDataSchema,
  secrets: z.object({}),
  render: ({ data }) => renderCampaign(data),
});
