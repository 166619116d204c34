import type { z } from 'zod';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Extra headers (a campaign's List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface RenderContext {
  /** When the mail is being sent: texts such as "expires in N minutes" are true at that moment. */
  now: Date;
  /** The outbox row's expiry, if the mail has one. */
  expiresAt: Date | null;
}

/** A row that can never render (bad data, unknown template): retrying would not help. */
export class MailContentError extends Error {
  override name = 'MailContentError';
}

/**
 * How one kind of mail is written. `data` is stored in the outbox as is; `secrets` are stored
 * sealed and only opened in memory to render.
 */
export interface TemplateSpec<D, S> {
  name: string;
  data: z.ZodType<D>;
  secrets: z.ZodType<S>;
  render(input: { data: D; secrets: S } & RenderContext): RenderedMail;
}

/** A template as the generic sender uses it: takes stored (unknown) values and validates them. */
export interface MailTemplate {
  name: string;
  render(input: { data: unknown; secrets: unknown } & RenderContext): RenderedMail;
}

function check<T>(schema: z.ZodType<T>, value: unknown, what: string, template: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.') || what}: ${i.message}`).join('; ');
    throw new MailContentError(`${template}: invalid ${what}: ${issues}`);
  }
  return result.data;
}

export function defineTemplate<D, S>(spec: TemplateSpec<D, S>): MailTemplate & { spec: TemplateSpec<D, S> } {
  return {
    name: spec.name,
    spec,
    render: ({ data, secrets, ...context }) =>
      spec.render({
        data: check(spec.data, data, 'data', spec.name),
        secrets: check(spec.secrets, secrets, 'secrets', spec.name),
        ...context,
      }),
  };
}
