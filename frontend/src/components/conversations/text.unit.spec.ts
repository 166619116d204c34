import { plainText, previewText } from './text';
import { embedSnippet } from './snippet';

describe('plain text of a message', () => {
  it.each([
    ['<p>Hello <b>there</b></p>', 'Hello there'],
    ['<script>alert(1)</script>Hi', 'Hi'],
    ['<style>body{display:none}</style>Styled', 'Styled'],
    ['<img src=x onerror="alert(1)">Pic', 'Pic'],
    ['<iframe src="https://evil.example"></iframe>Frame', 'Frame'],
    ['<a href="javascript:alert(1)">click</a>', 'click'],
    ['Tom &amp; Jerry &lt;3', 'Tom & Jerry <3'],
    ['line one\n\n  line two', 'line one line two'],
    [null, ''],
  ])('%p -> %p', (html, text) => expect(plainText(html)).toBe(text));

  it('shortens long previews with an ellipsis', () => {
    const preview = previewText('word '.repeat(50), 20);
    expect(preview.length).toBeLessThanOrEqual(20);
    expect(preview.endsWith('…')).toBe(true);
  });

  it('previews content that was nothing but markup as it was written, and nothing as nothing', () => {
    expect(previewText('<img src=x\n onerror="alert(1)">')).toBe('<img src=x onerror="alert(1)">');
    expect(previewText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
    expect(previewText('  ')).toBe('');
  });
});

it('the embed snippet carries the gateway loader and the domain id', () => {
  expect(embedSnippet('http://localhost:4000/', 'dom-1')).toBe(
    '<script src="http://localhost:4000/widget/loader.js" data-domain-id="dom-1" async></script>',
  );
});
