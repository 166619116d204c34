/** Verification-code rules of the sign-up flow. */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong guesses a code survives; the last one kills it and a new code must be sent. */
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_INTERVAL_MS = 60 * 1000;
/** Codes sent per sign-up, the first one included. */
export const MAX_CODE_SENDS = 5;
