import type { Folded } from '@parley/eventstore';
import type { EmailClaimEvent } from './events';

export interface EmailClaimState {
  /** The customer holding the email; null while nobody has given it. */
  holder: string | null;
}

export const initialEmailClaimState: EmailClaimState = { holder: null };

export function evolveEmailClaim(
  state: Folded<EmailClaimState>,
  event: EmailClaimEvent,
): Folded<EmailClaimState> {
  return state.holder ? state : { holder: event.data.customerId };
}
