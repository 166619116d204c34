import type { Decider } from '@parley/eventstore';
import { emailTaken } from '../shared/errors';
import { iso } from '../shared/time';
import type { EmailCommand } from './commands';
import type { EmailEvent } from './events';
import { EmailEventType as T } from './events';
import { evolveEmail, initialEmailState, type EmailState } from './state';

/**
 * An unclaimed address is claimed; appends use the loaded version as the expected one, so of two
 * registrations racing for an address exactly one wins. A removed member's address is released.
 */
export function decideEmail(command: EmailCommand, state: EmailState): EmailEvent[] {
  if (command.type === 'ReleaseEmail') {
    if (state.claimedBy !== command.userId) return [];
    return [{ type: T.Released, data: { userId: command.userId, releasedAt: iso(command.now) } }];
  }
  if (state.claimedBy === command.userId) return []; // the same registration, retried
  if (state.claimedBy) throw emailTaken();
  return [
    {
      type: T.Claimed,
      data: { userId: command.userId, signupId: command.signupId, claimedAt: iso(command.now) },
    },
  ];
}

export const emailDecider: Decider<EmailCommand, EmailEvent, EmailState> = {
  initialState: initialEmailState,
  evolve: evolveEmail,
  decide: decideEmail,
};
