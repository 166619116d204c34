import { randomUUID } from 'node:crypto';
import { notificationsError } from '@parley/contracts';
import { fieldErrors } from '@parley/contracts/validation';
import { executeCommand, type Decider, type DomainEvent, type EventStore } from '@parley/eventstore';
import type { Caller } from '@parley/grpc';
import type { Logger } from '@parley/logger';
import type { ProjectionRunner } from '@parley/projections';
import type { Pool } from 'pg';
import type { z } from 'zod';

/** What the marketing handlers use; wired once in start.ts. */
export interface MarketingDeps {
  pool: Pool;
  /** The MARKETING stream. */
  store: EventStore;
  /** notifications-marketing-v1: answers wait for it so they read what was written. */
  projection: ProjectionRunner;
  clock: () => Date;
  appUrl: string;
  unsubscribeKey: Buffer;
  logger: Logger;
}

/** Email marketing is the account owner's (and an admin's, for their own account); never an agent's. */
export function requireOwner(caller: Caller): void {
  if (caller.role !== 'OWNER' && caller.role !== 'ADMIN')
    throw notificationsError('forbidden', 'You do not have permission to do this', 'FORBIDDEN');
}

/** A request's JSON judged by the shared schema, as the gateway judged it already. */
export function parseInput<S extends z.ZodType>(schema: S, json: string): z.output<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(json || '{}');
  } catch {
    throw notificationsError('validation', 'Request body must be a JSON object', 'VALIDATION');
  }
  const result = schema.safeParse(raw ?? {});
  if (!result.success) {
    const fields = fieldErrors(result.error);
    throw notificationsError('validation', fields[0]?.message ?? 'Invalid request', 'VALIDATION', fields);
  }
  return result.data;
}

/** One command on a MARKETING aggregate; resolves once the read model shows it. */
export async function runMarketing<C, E extends DomainEvent, S>(
  deps: MarketingDeps,
  aggregate: string,
  id: string,
  decider: Decider<C, E, S>,
  command: C,
  actorId: string,
): Promise<{ state: S; appended: number }> {
  const outcome = await executeCommand(deps.store, deps.store.subject(aggregate, id), decider, command, {
    commandId: randomUUID(),
    meta: { actorId },
  });
  if (outcome.events.length) await deps.projection.waitFor(outcome.version);
  return { state: outcome.state, appended: outcome.events.length };
}
