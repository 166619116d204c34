import { IdentityEvent, userRegisteredSchema, type UserRegistered } from '@parley/contracts';
import { parseEventData, type RecordedEvent } from '@parley/eventstore';
import type { Projection } from '@parley/projections';
import { assignInitialPlan } from '../app/assign-initial-plan';
import type { BillingDeps } from '../app/deps';

/** Owners and admins hold an account of their own (accountId = their user id); agents join one. */
export function opensAccount(user: Pick<UserRegistered, 'role' | 'userId' | 'accountId'>): boolean {
  return (user.role === 'OWNER' || user.role === 'ADMIN') && user.accountId === user.userId;
}

/** identity.UserRegistered, its public fields checked; a malformed one throws (retried, then parked). */
export function registrationOf(event: RecordedEvent): UserRegistered | null {
  if (event.type !== IdentityEvent.UserRegistered) return null;
  return parseEventData(userRegisteredSchema, event);
}

/**
 * Identity's registrations -> each new account's first plan. Runs as a projection so its
 * checkpoint says how far it got; the command it issues is idempotent per account, so a
 * redelivered event, a restart or a replay from the first event assigns nothing twice.
 */
export function registrationReactor(deps: Pick<BillingDeps, 'store' | 'clock' | 'logger'>): Projection {
  return {
    name: 'billing-registrations-v1',
    context: 'identity',
    aggregate: 'user',
    async apply(_tx, event) {
      const user = registrationOf(event);
      if (!user || !opensAccount(user)) return;
      const { state, version } = await assignInitialPlan(deps, {
        accountId: user.accountId,
        selectedPlan: user.selectedPlan,
        causationId: event.eventId,
      });
      deps.logger.info(
        { accountId: user.accountId, plan: state.plan, selectedPlan: state.selectedPlan, version },
        'account plan in place',
      );
    },
  };
}
