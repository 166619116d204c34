import { seal } from '@parley/contracts/sealing';
import type { ClaimedMail } from '../outbox/outbox-entry';
import { isExpired, planDelivery, unsealSecrets } from './delivery-plan';
import { mailTemplates } from './templates';

const key = 'test-seal-key-0123456789';
const now = new Date('2025-03-01T12:00:00.000Z');

const mail = (overrides: Partial<ClaimedMail> = {}): ClaimedMail => ({
  id: 'cmd-1:0',
  template: 'signup-code',
  recipient: 'ann@example.com',
  data: { fullname: 'Ann Smith' },
  sealedSecrets: { code: seal('123456', key) },
  expiresAt: new Date(now.getTime() + 10 * 60_000),
  attempts: 1,
  ...overrides,
});

const plan = (m: ClaimedMail, sealKey = key, at = now) =>
  planDelivery(m, { now: at, sealKey, templates: mailTemplates });

describe('planDelivery', () => {
  it('unseals the code and renders the mail', () => {
    const p = plan(mail());
    expect(p.kind).toBe('send');
    if (p.kind !== 'send') return;
    expect(p.mail.subject).toBe('Your Parley verification code');
    expect(p.mail.text).toContain('123456');
    expect(p.mail.html).toContain('123456');
  });

  it('does not send once the expiry has passed, even by a millisecond', () => {
    const expiresAt = new Date(now.getTime() + 10 * 60_000);
    expect(plan(mail({ expiresAt }), key, new Date(expiresAt.getTime() - 1)).kind).toBe('send');
    expect(plan(mail({ expiresAt }), key, expiresAt)).toEqual({ kind: 'expired' });
    expect(plan(mail({ expiresAt }), key, new Date(expiresAt.getTime() + 1))).toEqual({ kind: 'expired' });
  });

  it('checks expiry before anything else, so an expired secret is never opened', () => {
    expect(plan(mail({ expiresAt: now, sealedSecrets: { code: 'garbage' } }))).toEqual({ kind: 'expired' });
  });

  it('fails for good when the code was sealed with another key', () => {
    expect(plan(mail(), 'another-key-0123456789')).toEqual({
      kind: 'failed',
      reason: "cannot unseal secret 'code': sealed with another MAIL_SEAL_KEY, or corrupted",
    });
  });

  it('fails for good on an unknown template or bad data', () => {
    expect(plan(mail({ template: 'nope' }))).toEqual({
      kind: 'failed',
      reason: "unknown mail template 'nope'",
    });
    expect(plan(mail({ sealedSecrets: { code: seal('12', key) } }))).toEqual({
      kind: 'failed',
      reason: 'signup-code: invalid secrets: code: the verification code must be 6 digits',
    });
    expect(plan(mail({ sealedSecrets: null })).kind).toBe('failed');
  });
});

describe('expiry and unsealing', () => {
  it('a mail without expiry never expires', () => {
    expect(isExpired({ expiresAt: null }, new Date(8.64e15))).toBe(false);
  });

  it('opens every sealed value and nothing else', () => {
    expect(unsealSecrets({ a: seal('x', key), b: seal('y', key) }, key)).toEqual({ a: 'x', b: 'y' });
    expect(unsealSecrets(null, key)).toEqual({});
  });
});
