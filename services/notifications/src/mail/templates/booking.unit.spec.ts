import { MailContentError } from '../template';
import { bookingTemplate } from './booking';

const now = new Date('2030-01-01T10:00:00.000Z');
const url = 'https://app.parley.example/dashboard/bookings?domainId=d-1';
const data = {
  fullname: 'Ann Smith',
  domain: 'shop.example.com',
  name: 'Vera Visitor',
  email: 'vera@example.com',
  appointmentName: 'Discovery Call',
  date: '2030-01-05',
  slot: '10:00am',
  bookingsUrl: url,
};
const render = (d: Record<string, unknown>) =>
  bookingTemplate.render({ data: d, secrets: {}, now, expiresAt: null });

describe('booking mail', () => {
  it('says who booked what, when and where, with their email and a link to the bookings', () => {
    const { subject, text, html } = render(data);
    expect(subject).toBe(
      'New booking on shop.example.com: Discovery Call with Vera Visitor, Sat, Jan 5, 2030 at 10:00am',
    );
    expect(text.startsWith('Hi Ann Smith,\n')).toBe(true);
    expect(text).toContain('Vera Visitor booked Discovery Call on shop.example.com.');
    expect(text).toContain('When: Sat, Jan 5, 2030 at 10:00am');
    expect(text).toContain('Email: vera@example.com');
    expect(text).toContain(`\n${url}\n`);
    expect(html).toContain(`href="${url}"`);
    expect(html).toContain('href="mailto:vera@example.com"');
  });

  it('names no site when the domain is not known', () => {
    const { subject, text } = render({ ...data, domain: null });
    expect(subject).toBe('New booking: Discovery Call with Vera Visitor, Sat, Jan 5, 2030 at 10:00am');
    expect(text).toContain('Vera Visitor booked Discovery Call.');
  });

  it('escapes what the visitor typed in the HTML', () => {
    const { html } = render({ ...data, name: '<img src=x onerror=alert(1)>', email: '"a"@x.example' });
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('href="mailto:&quot;a&quot;@x.example"');
  });

  it('refuses data without a link or a date', () => {
    expect(() => render({ ...data, bookingsUrl: 'nope' })).toThrow(MailContentError);
    expect(() => render({ ...data, date: 'soon' })).toThrow(MailContentError);
  });
});
