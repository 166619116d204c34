/** Commands carry `now` in epoch milliseconds; events carry ISO 8601 strings. */
export const iso = (ms: number): string => new Date(ms).toISOString();
export const ms = (isoString: string): number => Date.parse(isoString);
/** Whole seconds until `untilMs`, at least 1 so a client never retries immediately. */
export const secondsUntil = (untilMs: number, nowMs: number): number =>
  Math.max(1, Math.ceil((untilMs - nowMs) / 1000));
