import { userNotFound } from '../../domain/shared/errors';
import { userById } from '../../projections/users/queries';
import type { IdentityDeps } from '../deps';
import { UUID_PATTERN } from '../ids';
import type { UserView } from '../user-view';

export async function getUser(deps: IdentityDeps, input: { userId: unknown }): Promise<UserView> {
  const userId = input.userId;
  if (typeof userId !== 'string' || !UUID_PATTERN.test(userId)) throw userNotFound();
  const user = await userById(deps.pool, userId.toLowerCase());
  if (!user) throw userNotFound();
  return user;
}
