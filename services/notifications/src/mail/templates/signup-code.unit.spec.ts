import { MailContentError } from '../template';
import { minutesLeft, SIGNUP_CODE_SUBJECT, signupCodeTemplate } from './signup-code';

const now = new Date('2025-03-01T12:00:00.000Z');
const tenMinutesLater = new Date(now.getTime() + 10 * 60_000);

const render = (fullname: string, code = '042917', expiresAt: Date | null = tenMinutesLater) =>
  signupCodeTemplate.render({ data: { fullname }, secrets: { code }, now, expiresAt });

describe('signup code mail', () => {
  it('has the product subject', () => {
    expect(render('Ann Smith').subject).toBe('Your Parley verification code');
    expect(SIGNUP_CODE_SUBJECT).toBe('Your Parley verification code');
  });

  it('greets by full name and gives the code, its 10 minutes and the ignore note in the text', () => {
    const { text } = render('Ann Smith');
    expect(text.startsWith('Hi Ann Smith,\n')).toBe(true);
    expect(text).toContain('\n    042917\n');
    expect(text).toContain('The code expires in 10 minutes.');
    expect(text).toContain('If you did not sign up for Parley, you can ignore this email');
  });

  it('shows the same in the HTML, the code prominent', () => {
    const { html } = render('Ann Smith');
    expect(html).toContain('Hi Ann Smith,');
    expect(html).toMatch(/font-size:32px;[^"]*">042917<\/p>/);
    expect(html).toContain('The code expires in <strong>10 minutes</strong>.');
    expect(html).toContain('If you did not sign up for Parley, you can ignore this email');
  });

  it('escapes the name in the HTML', () => {
    const { html, text } = render('<b>Ann</b> & "Co"');
    expect(html).toContain('Hi &lt;b&gt;Ann&lt;/b&gt; &amp; &quot;Co&quot;,');
    expect(html).not.toContain('<b>Ann</b>');
    expect(text).toContain('Hi <b>Ann</b> & "Co",');
  });

  it('counts the minutes left when it is sent, rounded up', () => {
    expect(minutesLeft(tenMinutesLater, now)).toBe(10);
    expect(minutesLeft(tenMinutesLater, new Date(now.getTime() + 500))).toBe(10);
    expect(minutesLeft(tenMinutesLater, new Date(now.getTime() + 3 * 60_000))).toBe(7);
    expect(render('Ann', '042917', new Date(now.getTime() + 30_000)).text).toContain('expires in 1 minute.');
  });

  it('refuses a code that is not 6 digits, a blank name, or no expiry', () => {
    expect(() => render('Ann', '12345')).toThrow(MailContentError);
    expect(() => render('Ann', '12345a')).toThrow('the verification code must be 6 digits');
    expect(() => render('   ')).toThrow(/signup-code: invalid data: fullname/);
    expect(() => render('Ann', '042917', null)).toThrow('needs an expiry');
  });
});
