/**
 * Delay before in-place attempt `attempt + 1` of a failing message: exponential from `baseMs`,
 * capped at `maxMs`, with ±25% jitter so replicas do not retry in lock-step.
 */
export function applyRetryDelayMs(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const raw = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.max(0, Math.round(raw * (0.75 + random() * 0.5)));
}

/**
 * In-place attempts this delivery gets. Attempts are budgeted over deliveries, so a message
 * redelivered (the runner died while retrying) still gets at most `maxDeliver` attempts in all.
 */
export function attemptsForDelivery(maxDeliver: number, deliveryCount: number): number {
  return Math.max(1, maxDeliver - Math.max(0, deliveryCount - 1));
}
