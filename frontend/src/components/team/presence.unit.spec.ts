import { decideAccess } from '../../lib/routing/access-policy';
import { agoText, inviteExpired, presenceOf } from './presence';

const NOW = Date.parse('2030-01-01T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('presenceOf', () => {
  it('is active for 5 minutes after the last activity', () => {
    expect(presenceOf(ago(0), NOW)).toEqual({ kind: 'active' });
    expect(presenceOf(ago(5 * 60_000 - 1), NOW)).toEqual({ kind: 'active' });
    expect(presenceOf(ago(5 * 60_000), NOW)).toEqual({
      kind: 'last-active',
      text: 'Last active 5 minutes ago',
    });
  });
  it('is offline without a known activity', () => {
    expect(presenceOf(null, NOW)).toEqual({ kind: 'offline' });
    expect(presenceOf('not a date', NOW)).toEqual({ kind: 'offline' });
  });
});

describe('agoText', () => {
  it('names the largest whole unit', () => {
    expect(agoText(30_000)).toBe('just now');
    expect(agoText(60_000)).toBe('1 minute ago');
    expect(agoText(2 * 3600_000 + 5)).toBe('2 hours ago');
    expect(agoText(3 * 86400_000)).toBe('3 days ago');
  });
});

describe('inviteExpired', () => {
  it('is true once the link expiry has passed', () => {
    expect(inviteExpired(new Date(NOW + 1000).toISOString(), NOW)).toBe(false);
    expect(inviteExpired(new Date(NOW).toISOString(), NOW)).toBe(true);
    expect(inviteExpired(null, NOW)).toBe(false);
  });
});

describe('the accept-invite page', () => {
  it('is reachable signed out and signed in (the mailed link must open for the invitee)', () => {
    const settings = { loginEnabled: true, registrationEnabled: true, maintenanceMode: false };
    for (const hasSession of [false, true]) {
      expect(
        decideAccess({
          pathname: '/auth/accept-invite',
          search: new URLSearchParams('token=abc.def'),
          settings,
          hasSession,
          isAdmin: false,
        }),
      ).toEqual({ kind: 'allow' });
    }
  });
});
