/** An invitation link works for 7 days from its latest sending. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Re-sending an invitation is spaced and capped like the sign-up code. */
export const INVITE_RESEND_INTERVAL_MS = 60 * 1000;
export const MAX_INVITE_SENDS = 5;
