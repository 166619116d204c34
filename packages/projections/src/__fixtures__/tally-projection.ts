import { randomUUID } from 'node:crypto';
import type { DomainEvent, EventStore, RecordedEvent } from '@parley/eventstore';
import type { Pool } from 'pg';
import type { Projection } from '../api';

export type TallyProjection = Projection & {
  applied: number[];
  attemptsBySeq: Map<number, number>;
  transactionOf: Map<number, string>;
  manyCalls: number[];
};

/**
 * A read model for the runner's tests: per tally, the total and the sequence of the last event
 * applied. `applied` records every apply call (sequence) in order, committed or not;
 * `transactionOf` (with `recordTransactions`) the transaction each sequence was last applied in.
 */
export function tallyProjection(
  name: string,
  table: string,
  options: {
    aggregate?: string;
    failWhen?: (e: RecordedEvent, attempt: number) => boolean;
    slowMs?: number;
    maxEventsPerTransaction?: number;
    recordTransactions?: boolean;
    /** Give it an applyMany (which applies each in turn), recording the size of each call. */
    applyMany?: boolean;
  } = {},
): TallyProjection {
  const applied: number[] = [];
  const attemptsBySeq = new Map<number, number>();
  const transactionOf = new Map<number, string>();
  const manyCalls: number[] = [];
  const projection: Projection & {
    applied: number[];
    attemptsBySeq: Map<number, number>;
    transactionOf: Map<number, string>;
    manyCalls: number[];
  } = {
    name,
    context: 'ledger',
    ...(options.aggregate ? { aggregate: options.aggregate } : {}),
    ...(options.maxEventsPerTransaction ? { maxEventsPerTransaction: options.maxEventsPerTransaction } : {}),
    applied,
    attemptsBySeq,
    transactionOf,
    manyCalls,
    async apply(tx, event) {
      if (options.recordTransactions) {
        const { rows } = await tx.query<{ id: string }>('SELECT txid_current()::text AS id');
        transactionOf.set(event.sequence, rows[0]!.id);
      }
      applied.push(event.sequence);
      const attempt = (attemptsBySeq.get(event.sequence) ?? 0) + 1;
      attemptsBySeq.set(event.sequence, attempt);
      if (options.slowMs) await new Promise((r) => setTimeout(r, options.slowMs));
      if (options.failWhen?.(event, attempt))
        throw new Error(`refusing event ${event.sequence} (attempt ${attempt})`);
      const id = event.subject.split('.').pop()!;
      const amount = event.type === 'TallyAdded' ? (event.data as { amount: number }).amount : 0;
      await tx.query(
        `INSERT INTO ${table} (id, total, events, last_seq) VALUES ($1, $2, 1, $3)
         ON CONFLICT (id) DO UPDATE SET total = ${table}.total + $2, events = ${table}.events + 1, last_seq = $3`,
        [id, amount, event.sequence],
      );
    },
  };
  if (options.applyMany)
    projection.applyMany = async (tx, events) => {
      manyCalls.push(events.length);
      for (const event of events) await projection.apply(tx, event);
    };
  return projection;
}

export async function createTallyTable(pool: Pool, table: string): Promise<void> {
  await pool.query(
    `CREATE TABLE IF NOT EXISTS ${table} (id text PRIMARY KEY, total int NOT NULL, events int NOT NULL, last_seq bigint NOT NULL)`,
  );
}

export async function readTallies(
  pool: Pool,
  table: string,
): Promise<{ id: string; total: number; events: number; last_seq: string }[]> {
  return (await pool.query(`SELECT id, total, events, last_seq FROM ${table} ORDER BY id`)).rows;
}

export const tallyAdded = (amount: number): DomainEvent => ({ type: 'TallyAdded', data: { amount } });

/** Appends `amounts` to tally `id`, one event per command; returns the last sequence. */
export async function appendTallies(store: EventStore, id: string, amounts: number[]): Promise<number> {
  const subject = store.subject('tally', id);
  let version = (await store.load(subject)).version;
  for (const a of amounts)
    version = (
      await store.append(subject, [tallyAdded(a)], { expectedVersion: version, commandId: randomUUID() })
    ).version;
  return version;
}
