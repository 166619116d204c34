import type { z } from 'zod';
import type { FieldError } from '../errors';

/** First message per field, in the order zod reported them (the form's order). */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, message: issue.message });
  }
  return out;
}
