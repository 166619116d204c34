import type { RecordedEvent } from '@parley/eventstore';
import { signupCodeIssuedSchema } from '@parley/contracts';
import { signupCodeTemplate } from '../mail/templates/signup-code';
import type { OutboxEntry } from '../outbox/outbox-entry';

/**
 * The verification-code mail for an identity.SignupCodeIssued event. The code stays sealed as
 * identity sealed it; it is opened only by the sender, in memory. A malformed event throws, which
 * the projection runner retries and then dead-letters: no later attempt would make it valid.
 */
export function signupCodeMail(event: RecordedEvent): OutboxEntry {
  const parsed = signupCodeIssuedSchema.safeParse(event.data);
  if (!parsed.success) {
    throw new Error(
      `malformed ${event.type} ${event.eventId}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const { email, fullname, sealedCode, expiresAt } = parsed.data;
  const expiry = new Date(expiresAt);
  if (Number.isNaN(expiry.getTime()))
    throw new Error(`malformed ${event.type} ${event.eventId}: expiresAt is not a date`);
  return {
    id: event.eventId,
    template: signupCodeTemplate.name,
    recipient: email,
    data: { fullname },
    sealedSecrets: { code: sealedCode },
    expiresAt: expiry,
  };
}
