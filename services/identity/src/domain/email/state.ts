import type { Folded } from '@parley/eventstore';
import type { EmailEvent } from './events';
import { EmailEventType as T } from './events';

export interface EmailState {
  claimedBy: string | null;
}

export const initialEmailState: EmailState = { claimedBy: null };

export function evolveEmail(state: Folded<EmailState>, event: EmailEvent): Folded<EmailState> {
  switch (event.type) {
    case T.Claimed:
      return { claimedBy: event.data.userId };
    case T.Released:
      return { claimedBy: null };
    default:
      return state;
  }
}
