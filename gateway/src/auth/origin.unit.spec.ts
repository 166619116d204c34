import { isAllowedOrigin, isForgeryRisk } from './origin';

const allowed = ['http://localhost:3000', 'https://app.parley.dev'];

describe('isAllowedOrigin', () => {
  it('accepts exactly the configured origins', () => {
    expect(isAllowedOrigin({ origin: 'http://localhost:3000' }, allowed)).toBe(true);
    expect(isAllowedOrigin({ origin: 'https://app.parley.dev' }, allowed)).toBe(true);
    expect(isAllowedOrigin({ origin: 'http://localhost:3001' }, allowed)).toBe(false);
    expect(isAllowedOrigin({ origin: 'https://app.parley.dev.evil.com' }, allowed)).toBe(false);
    expect(isAllowedOrigin({ origin: 'http://app.parley.dev' }, allowed)).toBe(false);
  });

  it('falls back to the Referer only when Origin is absent', () => {
    expect(isAllowedOrigin({ referer: 'https://app.parley.dev/dashboard?x=1' }, allowed)).toBe(true);
    expect(isAllowedOrigin({ referer: 'https://evil.com/https://app.parley.dev' }, allowed)).toBe(false);
    expect(isAllowedOrigin({ origin: 'https://evil.com', referer: 'https://app.parley.dev/' }, allowed)).toBe(
      false,
    );
  });

  it('refuses requests that say nothing, an opaque origin, or garbage', () => {
    expect(isAllowedOrigin({}, allowed)).toBe(false);
    expect(isAllowedOrigin({ origin: 'null' }, allowed)).toBe(false);
    expect(isAllowedOrigin({ origin: 'not a url' }, allowed)).toBe(false);
  });
});

describe('isForgeryRisk', () => {
  const cookieWrite = { method: 'POST', hasBearer: false, hasSessionCookie: true };

  it('refuses cookie-authenticated writes from elsewhere or from nowhere', () => {
    expect(isForgeryRisk({ ...cookieWrite, origin: 'https://evil.com' }, allowed)).toBe(true);
    expect(isForgeryRisk({ ...cookieWrite, method: 'delete' }, allowed)).toBe(true);
    expect(isForgeryRisk(cookieWrite, allowed)).toBe(true);
  });

  it('lets through writes from the frontend, reads, bearer clients and requests without session cookies', () => {
    expect(isForgeryRisk({ ...cookieWrite, origin: 'http://localhost:3000' }, allowed)).toBe(false);
    expect(isForgeryRisk({ ...cookieWrite, method: 'GET', origin: 'https://evil.com' }, allowed)).toBe(false);
    expect(isForgeryRisk({ ...cookieWrite, method: 'OPTIONS' }, allowed)).toBe(false);
    expect(isForgeryRisk({ ...cookieWrite, hasBearer: true, origin: 'https://evil.com' }, allowed)).toBe(
      false,
    );
    expect(
      isForgeryRisk({ ...cookieWrite, hasSessionCookie: false, origin: 'https://evil.com' }, allowed),
    ).toBe(false);
  });
});
