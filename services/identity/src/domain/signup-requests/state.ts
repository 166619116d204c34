import type { Folded } from '@parley/eventstore';
import { ms } from '../shared/time';
import type { SignupRequestEvent } from './events';
import { SignupRequestEventType as T } from './events';
import { MAX_SIGNUP_REQUESTS_PER_DAY } from './policy';

export interface SignupRequestsState {
  /** The latest sign-up for this address; earlier ones are superseded. */
  latestSignupId: string | null;
  /** When the most recent sign-ups were requested (epoch ms), oldest first; as many as the cap needs. */
  recentRequests: number[];
}

export const initialSignupRequestsState: SignupRequestsState = { latestSignupId: null, recentRequests: [] };

export function evolveSignupRequests(
  state: Folded<SignupRequestsState>,
  event: SignupRequestEvent,
): Folded<SignupRequestsState> {
  switch (event.type) {
    case T.Requested:
      return {
        latestSignupId: event.data.signupId,
        recentRequests: [...state.recentRequests, ms(event.data.requestedAt)].slice(
          -MAX_SIGNUP_REQUESTS_PER_DAY,
        ),
      };
    default:
      return state;
  }
}
