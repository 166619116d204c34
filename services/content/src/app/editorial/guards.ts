import { randomUUID } from 'node:crypto';
import { contentError } from '@parley/contracts';
import { fieldErrors } from '@parley/contracts/validation';
import {
  executeCommand,
  type Decider,
  type DomainEvent,
  type ExecuteCommandOptions,
} from '@parley/eventstore';
import type { z } from 'zod';
import type { Caller, ContentDeps } from '../deps';

/** Everything an admin does here is refused for anyone else, whatever the gateway checked. */
export function requireAdmin(caller: Caller): void {
  if (caller.role !== 'ADMIN')
    throw contentError('forbidden', 'You do not have permission to do this', 'FORBIDDEN');
}

/** A request's JSON judged by the shared schema, as the gateway judged it already. */
export function parseInput<S extends z.ZodType>(schema: S, json: string): z.output<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(json || '{}');
  } catch {
    throw contentError('validation', 'Request body must be a JSON object', 'VALIDATION');
  }
  const result = schema.safeParse(raw ?? {});
  if (!result.success) {
    const fields = fieldErrors(result.error);
    throw contentError('validation', fields[0]?.message ?? 'Invalid request', 'VALIDATION', fields);
  }
  return result.data;
}

/**
 * Runs one command on an aggregate of content's stream and waits until the editorial read model
 * shows it, so the answer (and the admin's next list) reads what was written.
 */
export async function runEditorial<C, E extends DomainEvent, S>(
  deps: ContentDeps,
  aggregate: string,
  id: string,
  decider: Decider<C, E, S>,
  command: C,
  actorId: string,
  options: Pick<ExecuteCommandOptions<S>, 'guard'> = {},
): Promise<{ state: S; version: number; appended: number }> {
  const outcome = await executeCommand(deps.store, deps.store.subject(aggregate, id), decider, command, {
    commandId: randomUUID(),
    meta: { actorId },
    ...options,
  });
  if (outcome.events.length) await deps.editorial.waitFor(outcome.version);
  return { state: outcome.state, version: outcome.version, appended: outcome.events.length };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);

/** `%` and `_` typed in a search box are letters, not LIKE wildcards. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  pageSize: number;
}
