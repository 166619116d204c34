import type { z } from 'zod';
import type { FieldError } from '@parley/contracts';

/** Spec section 5, display rules: a field message 'Required' is not shown (the field still turns red). */
export function visibleMessage(message: string): string {
  return message === 'Required' ? '' : message;
}

/**
 * The first message the shared schema reports for one field, validating the whole form so
 * cross-field rules (confirm email, confirm password) come from the same schema the API uses.
 */
export function fieldIssue(schema: z.ZodType, values: unknown, field: string): string | undefined {
  const result = schema.safeParse(values);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

/** An antd Form rule that defers to the shared schema. */
export function schemaRule(schema: z.ZodType, field: string, values: () => unknown) {
  return {
    validator: async () => {
      const message = fieldIssue(schema, values(), field);
      if (message !== undefined) throw new Error(visibleMessage(message));
    },
  };
}

/** Server field errors in antd's `setFields` shape, split from those no field on the form shows. */
export function splitServerFields<F extends string>(fields: FieldError[], formFields: readonly F[]) {
  const isFormField = (name: string): name is F => (formFields as readonly string[]).includes(name);
  const onForm: { name: F; errors: string[] }[] = [];
  const elsewhere: FieldError[] = [];
  for (const f of fields) {
    if (isFormField(f.field)) onForm.push({ name: f.field, errors: [visibleMessage(f.message)] });
    else elsewhere.push(f);
  }
  return { onForm, elsewhere };
}

/**
 * Server field errors under one of `roots` in antd's `setFields` shape, nested names included:
 * 'customLinks.0.url' becomes ['customLinks', 0, 'url'] (the path the API's field names spell).
 */
export function nestedServerFields(fields: FieldError[], roots: readonly string[]) {
  return fields
    .filter((f) => roots.includes(f.field.split('.')[0] ?? ''))
    .map((f) => ({
      name: f.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      errors: [visibleMessage(f.message)],
    }));
}
