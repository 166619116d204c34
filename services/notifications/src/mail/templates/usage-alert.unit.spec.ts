import { MailContentError } from '../template';
import { usageAlertTemplate } from './usage-alert';

const now = new Date('2026-11-20T12:00:00.000Z');
const base = {
  fullname: 'Ann Smith',
  level: 'warning',
  plan: 'STANDARD',
  requestsUsed: 80,
  requestLimit: 100,
  periodEnd: '2026-12-01T00:00:00.000Z',
  settingsUrl: 'https://app.parley.example/dashboard/settings',
};
const render = (data: Record<string, unknown>) =>
  usageAlertTemplate.render({ data: { ...base, ...data }, secrets: {}, now, expiresAt: null });

describe('usage alert mail', () => {
  it('warns at 80% with the count, the reset day and the STANDARD upgrade', () => {
    const { subject, text, html } = render({});
    expect(subject).toBe('Approaching request limit');
    expect(text).toContain('Your assistant has used 80 of 100 requests of this billing period.');
    expect(text).toContain('The count starts again on December 1, 2026.');
    expect(text).toContain('Upgrade to PRO for 1,000 requests a month.');
    expect(html).toContain('href="https://app.parley.example/dashboard/settings"');
  });

  it('says the assistant stopped at the limit, and tells PRO to contact support', () => {
    const { subject, text } = render({ level: 'limit', plan: 'PRO', requestsUsed: 1000, requestLimit: 1000 });
    expect(subject).toBe('Request limit reached');
    expect(text).toContain('has stopped answering customers');
    expect(text).toContain('Contact support for usage-based pricing.');
    expect(text).not.toContain('Upgrade');
  });

  it('escapes the name in the HTML and refuses a bad link', () => {
    expect(render({ fullname: '<b>Ann</b>' }).html).toContain('Hi &lt;b&gt;Ann&lt;/b&gt;,');
    expect(() => render({ settingsUrl: 'nope' })).toThrow(MailContentError);
  });
});
