/**
 * @jest-environment jsdom
 */
import { prepareOutgoingText, sanitizeMessageHtml } from './sanitize';

/** Parse the output like a browser would and look at what is really there. */
function render(html: string) {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
}

describe('sanitizeMessageHtml', () => {
  it('keeps the allowed formatting tags', () => {
    const out = sanitizeMessageHtml(
      '<p><b>bold</b> <i>i</i> <em>e</em> <strong>s</strong></p><ul><li>a</li></ul><ol><li>b</li></ol>',
    );
    expect(out).toBe(
      '<p><b>bold</b> <i>i</i> <em>e</em> <strong>s</strong></p><ul><li>a</li></ul><ol><li>b</li></ol>',
    );
  });

  it.each([
    ['<script>alert(1)</script>hi', 'script'],
    ['<SCRIPT SRC=//evil.example/x.js></SCRIPT>hi', 'script'],
    ['<scr<script>ipt>alert(1)</script>hi', 'script'],
    ['<img src=x onerror="alert(1)">hi', 'img'],
    ['<svg><script>alert(1)</script></svg>hi', 'svg'],
    ['<style>body{display:none}</style>hi', 'style'],
    ['<iframe src="https://evil.example"></iframe>hi', 'iframe'],
    ['<form action="https://evil.example"><input name=a><button>go</button></form>hi', 'form'],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', 'img'],
    ['<div><p style="color:red" onclick="alert(1)">hi</p></div>', 'div'],
  ])('removes dangerous markup: %s', (payload, tag) => {
    const host = render(sanitizeMessageHtml(payload));
    expect(host.querySelector(tag)).toBeNull();
    expect(host.querySelector('script,iframe,style,form,input,button,img,svg,math')).toBeNull();
    for (const el of Array.from(host.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        expect(['href', 'target', 'rel']).toContain(attr.name);
      }
    }
  });

  it('drops the content of script and style elements, not only the tags', () => {
    expect(
      render(sanitizeMessageHtml('<b>a</b><script>alert(1)</script><style>p{}</style>')).textContent,
    ).toBe('a');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java&#x09;script:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'mailto:a@b.c',
    '/relative',
  ])('turns a non-http(s) link into "#": %s', (href) => {
    const host = render(sanitizeMessageHtml(`<a href="${href}">click</a>`));
    const a = host.querySelector('a');
    expect(a?.getAttribute('href')).toBe('#');
    expect(a?.textContent).toBe('click');
  });

  it('opens http(s) links in a new tab without opener or referrer', () => {
    const a = render(
      sanitizeMessageHtml('<a href="https://example.com/x?y=1" target="_self" rel="opener">x</a>'),
    ).querySelector('a');
    expect(a?.getAttribute('href')).toBe('https://example.com/x?y=1');
    expect(a?.getAttribute('target')).toBe('_blank');
    expect(a?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it.each([
    `<img src=x onerror="alert(1)">`,
    '<script>alert(1)</script>',
    '<iframe src="https://evil.example"></iframe>',
    '<style>body{display:none}</style>',
    '<a href="https://example.com"></a>',
    '<p> </p>',
    '<svg onload=alert(1)>',
  ])('shows a message that was nothing but removed markup as its escaped text: %s', (payload) => {
    const out = sanitizeMessageHtml(payload);
    const host = render(out);
    // Exactly what was sent, as text: nothing of it became an element.
    expect(host.textContent).toBe(payload);
    expect(host.children).toHaveLength(0);
  });

  it('keeps line breaks in that escaped text and leaves markup with visible text to the sanitiser', () => {
    expect(sanitizeMessageHtml('<img src=x>\n<img src=y>')).toBe('&lt;img src=x&gt;<br>&lt;img src=y&gt;');
    expect(sanitizeMessageHtml('<img src=x onerror="alert(1)">hi')).toBe('hi');
    expect(sanitizeMessageHtml('<b>bold</b><script>x</script>')).toBe('<b>bold</b>');
  });

  it('escapes plain text and keeps its line breaks', () => {
    expect(sanitizeMessageHtml('a < b & c\nnext')).toBe('a &lt; b &amp; c<br>next');
    expect(sanitizeMessageHtml('')).toBe('');
    expect(sanitizeMessageHtml(null)).toBe('');
  });
});

describe('prepareOutgoingText', () => {
  it('trims and removes script tags, ignores what is left empty', () => {
    expect(prepareOutgoingText('  hello  ')).toBe('hello');
    expect(prepareOutgoingText('hi <script>alert(1)</script> there')).toBe('hi  there');
    expect(prepareOutgoingText('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
    expect(prepareOutgoingText('<SCRIPT src=x.js>')).toBeNull();
    expect(prepareOutgoingText('   ')).toBeNull();
    expect(prepareOutgoingText('<script>x</script>')).toBeNull();
  });
});
