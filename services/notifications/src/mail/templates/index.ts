import type { MailTemplate } from '../template';
import { newsletterConfirmationTemplate } from './newsletter-confirmation';
import { signupCodeTemplate } from './signup-code';

/** Every kind of mail the service sends, by the name stored in the outbox. */
export const mailTemplates: ReadonlyMap<string, MailTemplate> = new Map<string, MailTemplate>(
  [signupCodeTemplate, newsletterConfirmationTemplate].map((t) => [t.name, t]),
);

export { newsletterConfirmationTemplate, signupCodeTemplate };
