import { signupCodeIssuedSchema } from '@parley/contracts';
import { parseEventData, type RecordedEvent } from '@parley/eventstore';
import { signupCodeTemplate } from '../mail/templates/signup-code';
import type { OutboxEntry } from '../outbox/outbox-entry';
import { sealedMail } from './sealed-mail';

/**
 * The verification-code mail for an identity.SignupCodeIssued event. The code stays sealed as
 * identity sealed it; it is opened only by the sender, in memory. A malformed event throws, which
 * the projection runner retries and then dead-letters: no later attempt would make it valid.
 */
export function signupCodeMail(event: RecordedEvent): OutboxEntry {
  const { email, fullname, sealedCode, expiresAt } = parseEventData(signupCodeIssuedSchema, event);
  return sealedMail(event, {
    template: signupCodeTemplate.name,
    recipient: email,
    data: { fullname },
    sealedSecrets: { code: sealedCode },
    expiresAt,
  });
}
