import { isAppError } from '@parley/contracts';
import type { RecordedEvent } from '@parley/eventstore';
import type { Projection } from '@parley/projections';
import { signupDecider } from '../domain/signup/decide';
import { SignupEventType as T } from '../domain/signup/events';
import { loadState, subjects } from '../app/aggregates';
import type { IdentityDeps } from '../app/deps';
import { registerUser } from '../app/signup/register-user';

/**
 * Finishes registrations a crash interrupted: for every onboarded sign-up it makes sure the
 * account exists. Usually the request already did it and each step finds its work done.
 */
export function registrationReactor(deps: IdentityDeps): Projection {
  return {
    name: 'identity-registration-v1',
    context: 'identity',
    aggregate: 'signup',
    async apply(_tx, event: RecordedEvent): Promise<void> {
      if (event.type !== T.Onboarded) return;
      const signupId = (event.data as { signupId: string }).signupId;
      const { state } = await loadState(deps.store, subjects(deps.store).signup(signupId), signupDecider);
      if (state.status !== 'onboarded') return;
      try {
        await registerUser(deps, state);
        deps.logger.info({ signupId }, 'registration finished by the reactor');
      } catch (e) {
        // A refusal (the address went to another account) is final and recorded on the sign-up.
        if (isAppError(e) && e.kind !== 'internal' && e.kind !== 'unavailable') return;
        throw e;
      }
    },
  };
}
