import { billingError } from '@parley/contracts';
import { fieldErrors } from '@parley/contracts/validation';
import type { z } from 'zod';

/** A request body checked against a shared schema: 400 with each field's first message otherwise. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    throw billingError('validation', fields[0]?.message ?? 'Invalid input', 'VALIDATION', fields);
  }
  return parsed.data;
}
