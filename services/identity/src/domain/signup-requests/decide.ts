import { identityError } from '@parley/contracts';
import type { Decider } from '@parley/eventstore';
import { tooSoon } from '../shared/errors';
import { iso, secondsUntil } from '../shared/time';
import type { SignupRequestCommand } from './commands';
import type { SignupRequestEvent } from './events';
import { SignupRequestEventType as T } from './events';
import { DAY_MS, MAX_SIGNUP_REQUESTS_PER_DAY, SIGNUP_REQUEST_INTERVAL_MS } from './policy';
import { evolveSignupRequests, initialSignupRequestsState, type SignupRequestsState } from './state';

export function decideSignupRequest(
  command: SignupRequestCommand,
  state: SignupRequestsState,
): SignupRequestEvent[] {
  if (state.latestSignupId === command.signupId) return []; // the same request, retried
  const last = state.recentRequests.at(-1);
  if (last !== undefined && command.now < last + SIGNUP_REQUEST_INTERVAL_MS) {
    throw tooSoon(secondsUntil(last + SIGNUP_REQUEST_INTERVAL_MS, command.now));
  }
  const inWindow = state.recentRequests.filter((at) => at > command.now - DAY_MS);
  if (inWindow.length >= MAX_SIGNUP_REQUESTS_PER_DAY) {
    throw identityError(
      'rate_limited',
      'Too many sign-up attempts for this email. Please try again later.',
      'TOO_MANY_SIGNUPS',
      [],
      secondsUntil(inWindow[0]! + DAY_MS, command.now),
    );
  }
  return [
    {
      type: T.Requested,
      data: { signupId: command.signupId, supersedes: state.latestSignupId, requestedAt: iso(command.now) },
    },
  ];
}

export const signupRequestsDecider: Decider<SignupRequestCommand, SignupRequestEvent, SignupRequestsState> = {
  initialState: initialSignupRequestsState,
  evolve: evolveSignupRequests,
  decide: decideSignupRequest,
};
