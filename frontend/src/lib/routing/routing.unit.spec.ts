import { decideAccess, type AccessRequest } from './access-policy';
import { breadcrumbsFor } from './breadcrumbs';
import { safeReturnPath, signInUrlFor } from './paths';

const open = { loginEnabled: true, registrationEnabled: true, maintenanceMode: false };

function decide(url: string, overrides: Partial<AccessRequest> = {}) {
  const parsed = new URL(url, 'http://x');
  return decideAccess({
    pathname: parsed.pathname,
    search: parsed.searchParams,
    settings: open,
    hasSession: false,
    isAdmin: false,
    ...overrides,
  });
}

describe('decideAccess', () => {
  it('lets a visitor see public pages', () => {
    for (const path of ['/', '/careers', '/privacy', '/auth/sign-in', '/auth/sign-up']) {
      expect(decide(path)).toEqual({ kind: 'allow' });
    }
  });

  it('sends /auth to sign-in', () => {
    expect(decide('/auth')).toEqual({ kind: 'redirect', to: '/auth/sign-in' });
  });

  it('sends a signed-out visitor of a protected page to sign-in with the way back', () => {
    expect(decide('/dashboard/settings?tab=billing')).toEqual({
      kind: 'redirect',
      to: '/auth/sign-in?next=%2Fdashboard%2Fsettings%3Ftab%3Dbilling',
    });
    expect(decide('/dashboard')).toEqual({ kind: 'redirect', to: '/auth/sign-in' });
    expect(decide('/notifications')).toEqual({ kind: 'redirect', to: '/auth/sign-in?next=%2Fnotifications' });
  });

  it('sends a signed-in user away from sign-in and sign-up', () => {
    expect(decide('/auth/sign-in', { hasSession: true })).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decide('/auth/sign-up?plan=PRO', { hasSession: true })).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(decide('/auth/sign-in?next=%2Fdashboard%2Fteam', { hasSession: true })).toEqual({
      kind: 'redirect',
      to: '/dashboard/team',
    });
    expect(decide('/dashboard', { hasSession: true })).toEqual({ kind: 'allow' });
  });

  it('redirects everything to /maintenance for non-admins while maintenance is on', () => {
    const settings = { ...open, maintenanceMode: true };
    expect(decide('/', { settings })).toEqual({ kind: 'redirect', to: '/maintenance' });
    expect(decide('/dashboard', { settings, hasSession: true })).toEqual({
      kind: 'redirect',
      to: '/maintenance',
    });
    expect(decide('/maintenance', { settings })).toEqual({ kind: 'allow' });
    expect(decide('/auth/sign-in', { settings })).toEqual({ kind: 'redirect', to: '/maintenance' });
  });

  it('lets admins in during maintenance, and lets them reach the marked sign-in', () => {
    const settings = { ...open, maintenanceMode: true };
    expect(decide('/dashboard/admin', { settings, hasSession: true, isAdmin: true })).toEqual({
      kind: 'allow',
    });
    expect(decide('/auth/sign-in?admin', { settings })).toEqual({ kind: 'allow' });
  });

  it('sends /maintenance home when maintenance is off', () => {
    expect(decide('/maintenance')).toEqual({ kind: 'redirect', to: '/' });
  });

  it('redirects sign-in to /auth/login-disabled while login is off, except the admin sign-in', () => {
    const settings = { ...open, loginEnabled: false };
    expect(decide('/auth/sign-in', { settings })).toEqual({ kind: 'redirect', to: '/auth/login-disabled' });
    expect(decide('/auth', { settings })).toEqual({ kind: 'redirect', to: '/auth/login-disabled' });
    expect(decide('/auth/sign-in?admin=1', { settings })).toEqual({ kind: 'allow' });
    expect(decide('/auth/login-disabled', { settings })).toEqual({ kind: 'allow' });
    expect(decide('/auth/login-disabled')).toEqual({ kind: 'redirect', to: '/auth/sign-in' });
  });

  it('redirects sign-up to /auth/registration-disabled while registration is off', () => {
    const settings = { ...open, registrationEnabled: false };
    expect(decide('/auth/sign-up?plan=PRO', { settings })).toEqual({
      kind: 'redirect',
      to: '/auth/registration-disabled',
    });
    expect(decide('/auth/registration-disabled', { settings })).toEqual({ kind: 'allow' });
    expect(decide('/auth/registration-disabled')).toEqual({ kind: 'redirect', to: '/auth/sign-up' });
  });

  it('keeps the site open when the settings are unknown', () => {
    expect(decide('/auth/sign-up', { settings: null })).toEqual({ kind: 'allow' });
    expect(decide('/auth/registration-disabled', { settings: null })).toEqual({ kind: 'allow' });
    expect(decide('/maintenance', { settings: null })).toEqual({ kind: 'allow' });
  });

  it('never redirects a request to a page that redirects it again', () => {
    const settingsList = [null, open];
    for (const loginEnabled of [true, false])
      for (const registrationEnabled of [true, false])
        for (const maintenanceMode of [true, false])
          settingsList.push({ loginEnabled, registrationEnabled, maintenanceMode });
    const paths = [
      '/',
      '/auth',
      '/auth/sign-in',
      '/auth/sign-in?admin',
      '/auth/sign-up',
      '/auth/login-disabled',
      '/auth/registration-disabled',
      '/maintenance',
      '/dashboard',
      '/dashboard/admin',
      '/notifications',
      '/careers',
    ];
    for (const settings of settingsList)
      for (const hasSession of [true, false])
        for (const isAdmin of [true, false])
          for (const start of paths) {
            let url = start;
            const seen = new Set<string>();
            for (;;) {
              const decision = decide(url, { settings, hasSession, isAdmin: hasSession && isAdmin });
              if (decision.kind === 'allow') break;
              expect(seen.has(decision.to)).toBe(false);
              seen.add(decision.to);
              expect(seen.size).toBeLessThan(4);
              url = decision.to;
            }
          }
  });
});

describe('safeReturnPath', () => {
  it('accepts site paths and rejects everything that could leave the site', () => {
    expect(safeReturnPath('/dashboard/team?x=1#y')).toBe('/dashboard/team?x=1#y');
    expect(safeReturnPath('https://evil.example')).toBeUndefined();
    expect(safeReturnPath('//evil.example')).toBeUndefined();
    expect(safeReturnPath('/\\evil.example')).toBeUndefined();
    expect(safeReturnPath('dashboard')).toBeUndefined();
    expect(safeReturnPath('/auth/sign-in')).toBeUndefined();
    expect(safeReturnPath('/maintenance')).toBeUndefined();
    expect(safeReturnPath(null)).toBeUndefined();
  });

  it('builds sign-in links that only carry a useful return path', () => {
    expect(signInUrlFor('/dashboard')).toBe('/auth/sign-in');
    expect(signInUrlFor('//evil')).toBe('/auth/sign-in');
    expect(signInUrlFor('/dashboard/profile')).toBe('/auth/sign-in?next=%2Fdashboard%2Fprofile');
  });
});

describe('breadcrumbsFor', () => {
  it('makes one capitalised crumb per segment, each linking to its cumulative path', () => {
    expect(breadcrumbsFor('/dashboard/admin/tags')).toEqual([
      { title: 'Dashboard', href: '/dashboard' },
      { title: 'Admin', href: '/dashboard/admin' },
      { title: 'Tags', href: '/dashboard/admin/tags' },
    ]);
    expect(breadcrumbsFor('/dashboard/email-marketing/')).toEqual([
      { title: 'Dashboard', href: '/dashboard' },
      { title: 'Email Marketing', href: '/dashboard/email-marketing' },
    ]);
    expect(breadcrumbsFor('/')).toEqual([]);
  });

  it('names an id segment after what it is instead of spelling out the UUID', () => {
    const id = 'fea6f86c-0f83-41f2-9b0c-5a517cbecff3';
    expect(breadcrumbsFor(`/dashboard/settings/domains/${id}`).map((c) => c.title)).toEqual([
      'Dashboard',
      'Settings',
      'Domains',
      'Domain',
    ]);
    expect(breadcrumbsFor(`/dashboard/other/${id}`)[2]).toEqual({
      title: 'Details',
      href: `/dashboard/other/${id}`,
    });
  });
});
