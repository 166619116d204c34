import { AppError } from '@parley/contracts';
import { fieldErrors } from '@parley/contracts/validation';
import type { z } from 'zod';

/** Parses input with a contracts schema; a failure becomes one validation AppError with every field's first message. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  throw new AppError('validation', fields[0]?.message ?? 'Invalid request', fields);
}
