import { type Role, identityError } from '@parley/contracts';
import type { Caller } from '@parley/grpc';
import { userDecider } from '../../domain/user/decide';
import type { UserState } from '../../domain/user/state';
import { loadState, subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';

const forbidden = () => identityError('forbidden', 'You do not have permission to do this', 'FORBIDDEN');

/**
 * The caller's own record, checked against what the token said: a removed member or a token
 * naming another account gets nowhere, whatever its claims. `roles` limits who may act.
 */
export async function verifiedCaller(
  deps: IdentityDeps,
  caller: Caller,
  roles: readonly Role[],
): Promise<UserState> {
  if (!caller.userId || !caller.accountId) throw forbidden();
  const { state } = await loadState(deps.store, subjects(deps.store).user(caller.userId), userDecider);
  if (!state.exists || state.removed || state.accountId !== caller.accountId) throw forbidden();
  if (!roles.includes(state.role)) throw forbidden();
  return state;
}
