import type { CaughtMessage } from './message';

/** Everything interpolated into a page goes through here: mail content is untrusted. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
  body { font-family: system-ui, -apple-system, Segoe UI, Roboto, sans-serif; margin: 0; color: #1f2328; background: #f6f8fa; }
  header { background: #24292f; color: #fff; padding: 12px 24px; display: flex; gap: 16px; align-items: baseline; }
  header a { color: #fff; text-decoration: none; font-weight: 600; }
  header span { color: #c9d1d9; font-size: 13px; }
  main { padding: 24px; max-width: 1100px; margin: 0 auto; }
  table { width: 100%; border-collapse: collapse; background: #fff; border: 1px solid #d0d7de; }
  th, td { text-align: left; padding: 8px 12px; border-bottom: 1px solid #d0d7de; font-size: 14px; vertical-align: top; }
  th { background: #f6f8fa; font-weight: 600; }
  td.when { white-space: nowrap; color: #57606a; }
  a { color: #0969da; }
  .empty { background: #fff; border: 1px solid #d0d7de; padding: 24px; text-align: center; color: #57606a; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; background: #fff; border: 1px solid #d0d7de; padding: 12px 16px; margin: 0 0 16px; }
  dt { font-weight: 600; color: #57606a; }
  dd { margin: 0; word-break: break-all; }
  h2 { font-size: 16px; margin: 24px 0 8px; }
  pre { background: #fff; border: 1px solid #d0d7de; padding: 12px 16px; white-space: pre-wrap; word-wrap: break-word; font-size: 14px; }
  iframe { width: 100%; height: 600px; border: 1px solid #d0d7de; background: #fff; }
  form { margin: 0 0 16px; display: flex; gap: 8px; }
  input { padding: 6px 8px; border: 1px solid #d0d7de; border-radius: 6px; min-width: 280px; }
  button { padding: 6px 12px; border: 1px solid #d0d7de; border-radius: 6px; background: #f6f8fa; cursor: pointer; }
`;

function layout(title: string, body: string, options: { refreshSeconds?: number } = {}): string {
  const refresh = options.refreshSeconds
    ? `<meta http-equiv="refresh" content="${options.refreshSeconds}">`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${refresh}
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><a href="/">Mail catcher</a><span>development only: every mail sent to this server stops here</span></header>
<main>
${body}
</main>
</body>
</html>`;
}

const when = (iso: string) => escapeHtml(iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'));
const messagePath = (id: string) => `/messages/${encodeURIComponent(id)}`;

/** The list, newest first; refreshes itself so a code shows up without reloading by hand. */
export function renderInbox(messages: CaughtMessage[], filterTo = ''): string {
  const filter = `<form method="get" action="/">
<input type="text" name="to" placeholder="Filter by recipient address" value="${escapeHtml(filterTo)}">
<button type="submit">Filter</button>${filterTo ? ' <a href="/">Show all</a>' : ''}
</form>`;
  const rows = messages
    .map(
      (m) => `<tr>
<td class="when">${when(m.receivedAt)}</td>
<td>${escapeHtml(m.to.join(', '))}</td>
<td>${escapeHtml(m.from)}</td>
<td><a href="${escapeHtml(messagePath(m.id))}">${escapeHtml(m.subject || '(no subject)')}</a></td>
</tr>`,
    )
    .join('\n');
  const table = messages.length
    ? `<table><thead><tr><th>Received</th><th>To</th><th>From</th><th>Subject</th></tr></thead><tbody>
${rows}
</tbody></table>`
    : `<p class="empty">No messages${filterTo ? ` for ${escapeHtml(filterTo)}` : ''} yet. This page refreshes every 5 seconds.</p>`;
  return layout(`Inbox (${messages.length})`, `${filter}\n${table}`, { refreshSeconds: 5 });
}

/** One message: headers, the plain text, and the HTML part in a sandboxed frame (no scripts, own origin). */
export function renderMessage(message: CaughtMessage): string {
  const html = message.html
    ? `<h2>HTML</h2>
<iframe sandbox="" referrerpolicy="no-referrer" title="HTML body" src="${escapeHtml(messagePath(message.id))}/html"></iframe>`
    : '';
  return layout(
    message.subject || '(no subject)',
    `<p><a href="/">&larr; Inbox</a></p>
<dl>
<dt>Subject</dt><dd>${escapeHtml(message.subject || '(no subject)')}</dd>
<dt>From</dt><dd>${escapeHtml(message.from)}</dd>
<dt>To</dt><dd>${escapeHtml(message.to.join(', '))}</dd>
<dt>Received</dt><dd>${when(message.receivedAt)}</dd>
</dl>
<h2>Text</h2>
<pre>${escapeHtml(message.text || '(no text part)')}</pre>
${html}`,
  );
}

export function renderNotFound(): string {
  return layout(
    'Not found',
    '<p class="empty">This message is not here (the catcher keeps only recent mail, in memory). <a href="/">Back to the inbox</a></p>',
  );
}
