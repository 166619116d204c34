import { isMaintenanceExempt } from './system-settings-guards';

describe('isMaintenanceExempt', () => {
  it.each([
    '/system-settings',
    '/plans',
    '/auth/login',
    '/auth/refresh',
    '/auth/logout',
    '/auth/login/',
    '/Auth/Login',
  ])('%s keeps answering in maintenance', (path) => expect(isMaintenanceExempt(path)).toBe(true));

  it.each(['/auth/signup', '/auth/signup/verify', '/user/me', '/auth/login/extra', '/plansx', '/'])(
    '%s is closed in maintenance',
    (path) => expect(isMaintenanceExempt(path)).toBe(false),
  );
});
