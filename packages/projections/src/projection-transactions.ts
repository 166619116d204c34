import type { RecordedEvent } from '@parley/eventstore';
import type { Logger } from '@parley/logger';
import { inEventSpan, startEventSpans } from '@parley/tracing';
import type { Pool } from 'pg';
import type { Projection } from './api';
import { claim, claimAll, type ProjectionKey } from './checkpoint';
import { isTransientError } from './transient';

export interface ProjectionTarget {
  pool: Pool;
  key: ProjectionKey;
  projection: Projection;
  synchronousCommit: boolean;
  log: Logger;
}

/**
 * Applies several events (sequences `first` to `last`, first deliveries) in one transaction with
 * one checkpoint move. Returns false, having changed nothing, when the checkpoint is not where
 * the group starts or the apply throws: the caller then goes one by one, each with its retries.
 * A transient error is thrown: not the events' fault, resume later from the checkpoint.
 */
export function applyEventsTogether(
  t: ProjectionTarget,
  events: RecordedEvent[],
  first: number,
  last: number,
): Promise<boolean> {
  return applyEventsTogetherForAll(
    [t],
    events,
    first,
    last,
    'group apply failed; applying its events one by one',
  );
}

/**
 * As `applyEventsTogether`, for several projections of one database in ONE transaction: every
 * checkpoint claimed in one statement, each projection's apply in turn, one commit. Each keeps
 * its own checkpoint row. Returns false, having changed nothing for any of them, when a
 * checkpoint is not where the group starts or an apply throws: the caller then goes projection
 * by projection, each in transactions of its own with its own retries and dead letters, so one
 * projection's failing event never holds back the others' commits.
 */
export async function applyEventsTogetherForAll(
  targets: ProjectionTarget[],
  events: RecordedEvent[],
  first: number,
  last: number,
  /** What the caller does when this returns false, for the debug line. */
  fallback = 'shared group apply failed; applying it projection by projection',
): Promise<boolean> {
  const [one] = targets;
  if (!one) return true;
  const spans = targets.map((t) =>
    startEventSpans(`project ${t.projection.name}`, events, { 'parley.projection': t.projection.name }),
  );
  const endSpans = (e?: unknown) => {
    for (const s of spans) s.end(e);
  };
  const tx = await one.pool.connect();
  let broken = false;
  try {
    // A member whose rows cause effects outside the database needs its commit durable (decisions, 10).
    const synchronousCommit = targets.some((t) => t.synchronousCommit);
    if (
      !(await claimAll(
        tx,
        targets.map((t) => t.key),
        last,
        synchronousCommit,
        first,
      ))
    ) {
      tx.release();
      endSpans();
      return false;
    }
    for (const { projection } of targets) {
      if (projection.applyMany) await projection.applyMany(tx, events);
      else for (const event of events) await projection.apply(tx, event);
    }
    await tx.query('COMMIT');
  } catch (e) {
    endSpans(e);
    await tx.query('ROLLBACK').catch(() => (broken = true));
    tx.release(broken);
    if (isTransientError(e)) throw e;
    one.log.debug({ err: e, from: first, to: last }, fallback);
    return false;
  }
  endSpans();
  tx.release();
  return true;
}

/** Applies one event in a transaction with its checkpoint; nothing when it was applied before. */
export function applyEvent(t: ProjectionTarget, sequence: number, event: RecordedEvent): Promise<void> {
  const name = t.projection.name;
  // Continues the trace that appended the event; what the projection appends in turn joins it.
  return inEventSpan(
    `project ${name}`,
    event.meta,
    { 'parley.projection': name, 'parley.event.type': event.type, 'parley.event.sequence': sequence },
    async () => {
      const tx = await t.pool.connect();
      let broken = false;
      try {
        if (!(await claim(tx, t.key, sequence, t.synchronousCommit))) return; // applied before (by us or a previous runner)
        await t.projection.apply(tx, event);
        await tx.query('COMMIT');
      } catch (e) {
        await tx.query('ROLLBACK').catch(() => (broken = true));
        throw e;
      } finally {
        tx.release(broken);
      }
    },
  );
}
