import { MailContentError } from '../template';
import {
  linkValidity,
  NEWSLETTER_CONFIRMATION_SUBJECT,
  newsletterConfirmationTemplate,
} from './newsletter-confirmation';

const now = new Date('2030-01-01T10:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const sevenDaysLater = new Date(now.getTime() + 7 * DAY);
const confirmUrl = 'http://localhost:3000/api/newsletter/confirm?token=c.abc.def.ghi';
const unsubscribeUrl = 'http://localhost:3000/api/newsletter/unsubscribe?token=u.abc.def.ghi';

const render = (
  email = 'ann@example.com',
  secrets: Record<string, string> = { confirmUrl, unsubscribeUrl },
  expiresAt: Date | null = sevenDaysLater,
  at = now,
) => newsletterConfirmationTemplate.render({ data: { email }, secrets, now: at, expiresAt });

describe('newsletter confirmation mail', () => {
  it('has the product subject', () => {
    expect(render().subject).toBe('Confirm your Parley newsletter subscription');
    expect(NEWSLETTER_CONFIRMATION_SUBJECT).toBe('Confirm your Parley newsletter subscription');
  });

  it('gives the address, the confirm link, its 7 days and the unsubscribe note in the text', () => {
    const { text } = render();
    expect(text).toContain('Parley product updates at ann@example.com.');
    expect(text).toContain(`\n    ${confirmUrl}\n`);
    expect(text).toContain('The link works for 7 days.');
    expect(text).toContain('If you did not ask for this, ignore this email: you will not be subscribed.');
    expect(text).toContain(`Unsubscribe at any time: ${unsubscribeUrl}`);
  });

  it('links both in the HTML, escaping the URLs in attributes', () => {
    const { html } = render();
    const escapedConfirm = confirmUrl.replace(/&/g, '&amp;');
    expect(html).toContain(`<a href="${escapedConfirm}"`);
    expect(html).toContain('>Confirm my subscription</a>');
    expect(html).toContain(`<a href="${unsubscribeUrl}" style="color:#6b7280;">Unsubscribe</a>`);
    expect(html).toContain('The link works for <strong>7 days</strong>.');
    const withQuote = render('ann@example.com', {
      confirmUrl: 'http://localhost:3000/api/newsletter/confirm?token=a"b&c=<d>',
      unsubscribeUrl,
    }).html;
    expect(withQuote).toContain('token=a&quot;b&amp;c=&lt;d&gt;');
    expect(withQuote).not.toContain('token=a"b');
  });

  it('escapes the address in the HTML', () => {
    const { html } = render('<b>x</b>@example.com');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;@example.com');
    expect(html).not.toContain('<b>x</b>');
  });

  it('says how long the link still works when the mail is sent late', () => {
    expect(linkValidity(sevenDaysLater, now)).toBe('7 days');
    expect(linkValidity(sevenDaysLater, new Date(now.getTime() + 1000))).toBe('7 days');
    expect(linkValidity(sevenDaysLater, new Date(now.getTime() + 6 * DAY))).toBe('1 day');
    expect(linkValidity(sevenDaysLater, new Date(now.getTime() + 6.5 * DAY))).toBe('12 hours');
    expect(linkValidity(sevenDaysLater, new Date(sevenDaysLater.getTime() - 60_000))).toBe('1 hour');
    expect(render(undefined, undefined, sevenDaysLater, new Date(now.getTime() + 5.5 * DAY)).text).toContain(
      'The link works for 2 days.',
    );
  });

  it('refuses links that are not http(s) URLs, a missing address, or no expiry', () => {
    expect(() => render('ann@example.com', { confirmUrl: 'javascript:alert(1)', unsubscribeUrl })).toThrow(
      MailContentError,
    );
    expect(() => render('ann@example.com', { confirmUrl })).toThrow(/invalid secrets: unsubscribeUrl/);
    expect(() => render('  ')).toThrow(/invalid data: email/);
    expect(() => render(undefined, undefined, null)).toThrow('needs an expiry');
  });
});
