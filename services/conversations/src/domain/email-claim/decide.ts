import type { Decider } from '@parley/eventstore';
import { iso } from '../shared/time';
import type { EmailClaimCommand } from './commands';
import type { EmailClaimEvent } from './events';
import { EmailClaimEventType as T } from './events';
import { evolveEmailClaim, initialEmailClaimState, type EmailClaimState } from './state';

/** Claims a free email; a held one records nothing and the state names its holder. */
export function decideEmailClaim(command: EmailClaimCommand, state: EmailClaimState): EmailClaimEvent[] {
  if (state.holder) return [];
  const { domainId, email, customerId } = command;
  return [{ type: T.Claimed, data: { domainId, email, customerId, claimedAt: iso(command.now) } }];
}

export const emailClaimDecider: Decider<EmailClaimCommand, EmailClaimEvent, EmailClaimState> = {
  initialState: initialEmailClaimState,
  evolve: evolveEmailClaim,
  decide: decideEmailClaim,
};
