export interface RetryPolicy {
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
}

export type FailureOutcome = { kind: 'retry'; delayMs: number } | { kind: 'failed' };

/**
 * Exponential back-off with jitter: base * 2^(attempt-1), capped, then a random point in its
 * upper half, so mails that failed together (an SMTP outage) do not all retry in the same instant.
 */
export function retryDelayMs(
  attempt: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(policy.retryMaxMs, policy.retryBaseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (exponential / 2) * random());
}

/** A rejection the server says is final (5xx but 503): the same mail would be refused again. */
export function isPermanentSmtpError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { permanent?: unknown }).permanent === true;
}

/** After attempt number `attempts` failed with `error`. */
export function afterFailure(
  attempts: number,
  error: unknown,
  policy: RetryPolicy,
  random?: () => number,
): FailureOutcome {
  if (isPermanentSmtpError(error) || attempts >= policy.maxAttempts) return { kind: 'failed' };
  return { kind: 'retry', delayMs: retryDelayMs(attempts, policy, random) };
}
