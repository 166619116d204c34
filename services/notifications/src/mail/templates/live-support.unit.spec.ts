import { MailContentError } from '../template';
import { liveSupportTemplate } from './live-support';

const now = new Date('2026-03-01T10:00:00.000Z');
const url = 'https://app.parley.example/dashboard/conversation?room=r-1';
const render = (data: Record<string, unknown>) =>
  liveSupportTemplate.render({ data, secrets: {}, now, expiresAt: null });

describe('live support mail', () => {
  it('says which site, greets the owner and links the conversation, in text and HTML', () => {
    const { subject, text, html } = render({
      fullname: 'Ann Smith',
      domain: 'shop.example.com',
      conversationUrl: url,
    });
    expect(subject).toBe('A visitor on shop.example.com asked for live support');
    expect(text.startsWith('Hi Ann Smith,\n')).toBe(true);
    expect(text).toContain('A visitor on shop.example.com asked to talk to a person.');
    expect(text).toContain(`\n${url}\n`);
    expect(html).toContain(`href="${url}"`);
    expect(html).toContain('<strong>shop.example.com</strong>');
  });

  it('names no site when the domain is not known', () => {
    const { subject, text } = render({ fullname: 'Ann', domain: null, conversationUrl: url });
    expect(subject).toBe('A visitor asked for live support');
    expect(text).toContain('A visitor asked to talk to a person.');
  });

  it('escapes the name and domain in the HTML', () => {
    const { html } = render({ fullname: '<b>Ann</b>', domain: 'a&b.example.com', conversationUrl: url });
    expect(html).toContain('Hi &lt;b&gt;Ann&lt;/b&gt;,');
    expect(html).toContain('a&amp;b.example.com');
    expect(html).not.toContain('<b>Ann</b>');
  });

  it('refuses data without a link', () => {
    expect(() => render({ fullname: 'Ann', domain: null, conversationUrl: 'not a url' })).toThrow(
      MailContentError,
    );
  });
});
