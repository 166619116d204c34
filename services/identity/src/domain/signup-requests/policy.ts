/** Sign-ups started for one address: the same spacing as code resends, and a daily cap. */
export const SIGNUP_REQUEST_INTERVAL_MS = 60 * 1000;
export const MAX_SIGNUP_REQUESTS_PER_DAY = 5;
export const DAY_MS = 24 * 60 * 60 * 1000;
