/** Everything interpolated into a mail's HTML goes through here: names are user input. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The shell every Parley mail shares: a single centred card with inline styles and table layout,
 * which is what mail clients render reliably. `preheader` is the preview line inboxes show.
 * `content` must already be escaped.
 */
export function emailLayout(options: { title: string; preheader: string; content: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(options.title)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f5f7;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(options.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f5f7;">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:480px;background-color:#ffffff;border-radius:8px;">
<tr><td style="padding:32px 32px 8px;font-family:Helvetica,Arial,sans-serif;font-size:20px;font-weight:bold;color:#111827;">Parley</td></tr>
<tr><td style="padding:8px 32px 32px;font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:1.6;color:#374151;">
${options.content}
</td></tr>
</table>
<p style="margin:16px 0 0;font-family:Helvetica,Arial,sans-serif;font-size:12px;color:#9ca3af;">Parley &middot; AI customer support</p>
</td></tr>
</table>
</body>
</html>`;
}
