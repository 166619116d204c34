import { CorruptEventError, MalformedEventError } from '@parley/eventstore';

/**
 * Errors that say the event itself cannot be applied, so every attempt would fail the same way:
 * PostgreSQL refusing the values (SQLSTATE class 22, data exception: too long, out of range,
 * invalid text; class 23, integrity constraint: unique, foreign key, check), and an event that
 * breaks its contract (unreadable, or refused by its schema). Retrying these in place would only
 * stall the projection for every tenant; they are parked at once, to be replayed once whatever
 * refused them has changed.
 */
export function isDeterministicError(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code)) return true;
  return e instanceof CorruptEventError || e instanceof MalformedEventError || e.name === 'ZodError';
}
