export interface WebhookRetryPolicy {
  /** The first retry's delay; each further one doubles. */
  baseMs: number;
  /** The longest delay between two attempts. */
  maxMs: number;
  /** How long an event is retried, and how long an endpoint may fail before it is disabled. */
  windowMs: number;
}

/** The delay before attempt `attempts + 1`, after `attempts` failed ones: base·2^(n-1), capped. */
export function retryDelayMs(policy: WebhookRetryPolicy, attempts: number): number {
  return Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 40)));
}

/** A delivery first tried at `createdAt` is given up once the window has passed. */
export const deliveryExpired = (policy: WebhookRetryPolicy, createdAt: Date, now: Date): boolean =>
  now.getTime() - createdAt.getTime() >= policy.windowMs;

/** An endpoint failing since `failingSince` (null: not failing) is disabled once the window has passed. */
export const endpointGivenUp = (policy: WebhookRetryPolicy, failingSince: Date | null, now: Date): boolean =>
  failingSince !== null && now.getTime() - failingSince.getTime() >= policy.windowMs;
