import type { MailTemplate } from '../template';
import { signupCodeTemplate } from './signup-code';

/** Every kind of mail the service sends, by the name stored in the outbox. */
export const mailTemplates: ReadonlyMap<string, MailTemplate> = new Map<string, MailTemplate>(
  [signupCodeTemplate].map((t) => [t.name, t]),
);

export { signupCodeTemplate };
