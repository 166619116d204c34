import type { ProjectionsClient } from '../clients/projections-client';

/** Per service: its projections' dead letters by name, or 'unavailable' when it did not answer. */
export type DeadLetterDetails = Record<string, Record<string, number> | 'unavailable'>;

export interface DeadLetterDetailsOptions {
  /** Each service's projections, by service name. */
  services: Record<string, ProjectionsClient>;
  /** How long one service may take to answer. */
  deadlineMs: number;
  /** How long an answer is reused: readiness probes come often, dead letters change seldom. */
  reuseMs: number;
  clock?: () => number;
}

/**
 * The dead letters of every service with projections, for /readyz's details: asked of all
 * services at once, one request in flight however many probes wait, the answer reused for a
 * while. A service that does not answer is 'unavailable' there; it does not make the gateway
 * unready (its own health is not the gateway's to judge).
 */
export function deadLetterDetails(o: DeadLetterDetailsOptions): () => Promise<DeadLetterDetails> {
  const clock = o.clock ?? Date.now;
  let last: { at: number; details: DeadLetterDetails } | undefined;
  let asking: Promise<DeadLetterDetails> | undefined;
  const ask = async (): Promise<DeadLetterDetails> => {
    const entries = await Promise.all(
      Object.entries(o.services).map(async ([service, client]) => {
        try {
          return [service, await client.deadLetterCounts(o.deadlineMs)] as const;
        } catch {
          return [service, 'unavailable'] as const;
        }
      }),
    );
    const details: DeadLetterDetails = Object.fromEntries(entries);
    last = { at: clock(), details };
    return details;
  };
  return () => {
    if (last && clock() - last.at < o.reuseMs) return Promise.resolve(last.details);
    asking ??= ask().finally(() => (asking = undefined));
    return asking;
  };
}
