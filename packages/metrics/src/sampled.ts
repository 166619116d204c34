import { Gauge, register } from 'prom-client';

/** One reading of a sampled gauge: its labels and value. */
export interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** Reads current values when Prometheus scrapes (a query, a JetStream info request). */
export type Sampler = () => Promise<Sample[]>;

const samplers = new Map<string, Set<Sampler>>();

/**
 * A gauge whose value is read at scrape time from every sampler registered for it: a program
 * registers one per source (its projections, its outbox) and removes it on stop. A sampler that
 * fails leaves its series out of that scrape rather than failing the scrape.
 */
export function sampledGauge(
  name: string,
  help: string,
  labelNames: string[],
): (sampler: Sampler) => () => void {
  if (!samplers.has(name)) {
    const set = new Set<Sampler>();
    samplers.set(name, set);
    new Gauge({
      name,
      help,
      labelNames,
      registers: [register],
      async collect() {
        this.reset();
        const readings = await Promise.all([...set].map((s) => s().catch(() => [] as Sample[])));
        for (const sample of readings.flat()) this.set(sample.labels, sample.value);
      },
    });
  }
  const set = samplers.get(name)!;
  return (sampler) => {
    set.add(sampler);
    return () => void set.delete(sampler);
  };
}

export const sampleProjectionLag = sampledGauge(
  'parley_projection_lag_events',
  "Events of the projection's subjects in the log that it has not applied yet",
  ['projection', 'stream'],
);
export const sampleDeadLetters = sampledGauge(
  'parley_projection_dead_letters',
  'Events a projection parked as dead letters and nobody replayed yet',
  ['projection'],
);
export const sampleConsumerPending = sampledGauge(
  'parley_consumer_pending_messages',
  "Messages JetStream holds for a projection's durable consumer, not yet delivered",
  ['projection', 'stream'],
);
export const sampleOutboxDepth = sampledGauge(
  'parley_mail_outbox_depth',
  'Mails in the outbox by state (pending: to send or to retry; failed: given up)',
  ['state'],
);
