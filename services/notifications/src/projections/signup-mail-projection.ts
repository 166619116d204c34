import { IdentityEvent } from '@parley/contracts';
import type { Projection } from '@parley/projections';
import { enqueueMail } from '../outbox/outbox-store';
import { signupCodeMail } from './signup-code-mail';

/**
 * Turns identity's sign-up events into outbox rows, in the runner's transaction: the row and the
 * checkpoint commit together, and the row is keyed by the event id, so a redelivered event (a
 * crash between commit and ack, a restart) adds nothing. Sending happens later, in the sender.
 */
export function signupMailProjection(clock: () => Date = () => new Date()): Projection {
  return {
    name: 'notifications-signup-mail-v1',
    context: 'identity',
    aggregate: 'signup',
    async apply(tx, event) {
      if (event.type !== IdentityEvent.SignupCodeIssued) return;
      await enqueueMail(tx, signupCodeMail(event), clock());
    },
  };
}
