import type { CookieOptions } from 'express';

export const ACCESS_COOKIE = 'parley_at';
export const REFRESH_COOKIE = 'parley_rt';
/** Readable by the frontend's route guard; a hint only, never trusted by the server. */
export const SESSION_HINT_COOKIE = 'parley_session';

/**
 * A browser that logged in to an account before (identity's device tokens): spares it the
 * lock-outs others' failures cause. Outlives sessions: a log-out keeps it.
 */
export const DEVICE_COOKIE = 'parley_device';

/** The refresh token is only ever needed by /api/auth/refresh and /api/auth/logout. */
export const REFRESH_COOKIE_PATH = '/api/auth';
/** Log-in and sign-up read the device cookie; no other route needs it. */
export const DEVICE_COOKIE_PATH = '/api/auth';
/** A browser stays known this long after its latest log-in. */
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

export interface SessionTimes {
  /** Epoch seconds. */
  accessExpiresAt: number;
  /** Epoch seconds. */
  refreshExpiresAt: number;
}

export interface SessionCookie {
  name: string;
  value: string;
  options: CookieOptions;
}

const base = (secure: boolean): CookieOptions => ({ sameSite: 'lax', secure });

/** Lifetime in ms until `epochSeconds`, never negative (an already-expired token gets a cookie that dies at once). */
const until = (epochSeconds: number, now: number) => Math.max(0, epochSeconds * 1000 - now);

/** The three cookies of docs/api.md for a freshly issued session. */
export function sessionCookies(
  session: SessionTimes & { accessToken: string; refreshToken: string },
  secure: boolean,
  now = Date.now(),
): SessionCookie[] {
  const refreshMaxAge = until(session.refreshExpiresAt, now);
  return [
    {
      name: ACCESS_COOKIE,
      value: session.accessToken,
      options: { ...base(secure), httpOnly: true, path: '/', maxAge: until(session.accessExpiresAt, now) },
    },
    {
      name: REFRESH_COOKIE,
      value: session.refreshToken,
      options: { ...base(secure), httpOnly: true, path: REFRESH_COOKIE_PATH, maxAge: refreshMaxAge },
    },
    {
      name: SESSION_HINT_COOKIE,
      value: '1',
      options: { ...base(secure), httpOnly: false, path: '/', maxAge: refreshMaxAge },
    },
  ];
}

/** The device cookie identity handed back with a session (nothing to set when it is empty). */
export function deviceCookie(value: string, secure: boolean): SessionCookie | null {
  if (!value) return null;
  return {
    name: DEVICE_COOKIE,
    value,
    options: { ...base(secure), httpOnly: true, path: DEVICE_COOKIE_PATH, maxAge: DEVICE_COOKIE_MAX_AGE_MS },
  };
}

/** Clearing needs the same name, path and attributes the cookie was set with (the device cookie stays). */
export function clearedSessionCookies(secure: boolean): Array<{ name: string; options: CookieOptions }> {
  return [
    { name: ACCESS_COOKIE, options: { ...base(secure), httpOnly: true, path: '/' } },
    { name: REFRESH_COOKIE, options: { ...base(secure), httpOnly: true, path: REFRESH_COOKIE_PATH } },
    { name: SESSION_HINT_COOKIE, options: { ...base(secure), httpOnly: false, path: '/' } },
  ];
}
