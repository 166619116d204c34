import { z } from 'zod';
import { signupDetailsSchema } from '@parley/contracts/validation';
import { fieldIssue, visibleMessage } from '@/lib/forms/zod-fields';

/*
 * The newsletter form's schemas, loaded only when the visitor uses the form: zod and the shared
 * validation are ~45 KB compressed that the landing page need not download to be read.
 */
const newsletterSchema = z.object({ email: signupDetailsSchema.shape.email });

export const newsletterAnswerSchema = z
  .object({
    message: z.string().optional(),
    data: z.object({ message: z.string().optional() }).partial().optional(),
  })
  .optional();

/** The message to show under the field, or undefined when the address is fine. */
export function newsletterEmailIssue(values: unknown): string | undefined {
  const message = fieldIssue(newsletterSchema, values, 'email');
  return message === undefined ? undefined : visibleMessage(message);
}
