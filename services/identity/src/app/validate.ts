import { identityError } from '@parley/contracts';
import { fieldErrors } from '@parley/contracts/validation';
import type { z } from 'zod';

/**
 * Parses input with a contracts schema; a failure becomes one validation AppError listing each
 * field's first message in the form's order (zod reports cross-field checks last), the first of
 * them as the message.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const order = Object.keys((schema as unknown as { shape?: Record<string, unknown> }).shape ?? {});
  const rank = (field: string) => {
    const i = order.indexOf(field);
    return i === -1 ? order.length : i;
  };
  const fields = fieldErrors(result.error).sort((a, b) => rank(a.field) - rank(b.field));
  throw identityError('validation', fields[0]?.message ?? 'Invalid request', 'VALIDATION', fields);
}
