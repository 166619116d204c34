import { domainsError } from '@parley/contracts';
import { assertSafeText, fieldErrors } from '@parley/contracts/validation';
import type { z } from 'zod';

/**
 * Parses input with a contracts schema (the gateway checked it with the same one; this boundary
 * does not trust it). A failure is one validation AppError, the first field's message as message.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  throw domainsError('validation', fields[0]?.message ?? 'Invalid request', 'VALIDATION', fields);
}

/**
 * A settings document sent as JSON text over gRPC; anything but an object is a client error, and
 * so is text no store can keep in what it decodes to (the gRPC boundary only sees the escapes).
 */
export function parseDocument(json: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(json || '{}');
  } catch {
    throw domainsError('validation', `${what} must be a JSON object`, 'VALIDATION');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw domainsError('validation', `${what} must be a JSON object`, 'VALIDATION');
  }
  assertSafeText(value);
  return value as Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; anything else cannot name a resource, so it is not found (never a 500). */
export const isId = (id: string): boolean => UUID.test(id);
