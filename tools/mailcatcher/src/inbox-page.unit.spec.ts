import { escapeHtml, renderInbox, renderMessage } from './inbox-page';
import type { CaughtMessage } from './message';

const hostile: CaughtMessage = {
  id: 'abc-123',
  from: '"<script>alert(1)</script>" <evil@example.com>',
  to: ['ann@example.com'],
  subject: '<img src=x onerror=alert(1)> Your code',
  text: 'Code: 123456 </pre><script>alert(2)</script>',
  html: '<p>Code <b>123456</b></p><script>alert(3)</script>',
  listUnsubscribe: null,
  listUnsubscribePost: null,
  receivedAt: '2025-01-02T03:04:05.678Z',
};

describe('inbox page', () => {
  it('escapes the characters that open markup or attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('lists messages with escaped fields and a link to each', () => {
    const page = renderInbox([hostile]);
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<img');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt; Your code');
    expect(page).toContain('href="/messages/abc-123"');
    expect(page).toContain('ann@example.com');
    expect(page).toContain('2025-01-02 03:04:05 UTC');
  });

  it('says so when there is nothing, echoing the filter escaped', () => {
    const page = renderInbox([], '<b>x</b>');
    expect(page).toContain('No messages for &lt;b&gt;x&lt;/b&gt; yet');
    expect(page).toContain('value="&lt;b&gt;x&lt;/b&gt;"');
  });

  it('shows the text escaped and the HTML only inside a sandboxed frame', () => {
    const page = renderMessage(hostile);
    expect(page).not.toContain('<script>');
    expect(page).toContain('Code: 123456 &lt;/pre&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(page).toContain(
      '<iframe sandbox="" referrerpolicy="no-referrer" title="HTML body" src="/messages/abc-123/html">',
    );
    expect(page).not.toContain('<b>123456</b>');
  });

  it('leaves the frame out for a text-only mail', () => {
    expect(renderMessage({ ...hostile, html: null })).not.toContain('<iframe');
  });
});
