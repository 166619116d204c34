export interface RestartPolicy {
  /** Delay before the first restart. */
  initialMs: number;
  /** The delay doubles with each exit in a row, up to this. */
  maxMs: number;
  /** A program that ran at least this long starts over at initialMs. */
  resetAfterMs: number;
}
export const DEFAULT_RESTART_BACKOFF: RestartPolicy;
export class RestartBackoff {
  constructor(policy?: RestartPolicy);
  next(ranForMs: number): number;
}
