import { executeCommand } from '@parley/eventstore';
import { isIdentityRefusal } from '@parley/contracts';
import { emailDecider } from '../../domain/email/decide';
import { userDecider } from '../../domain/user/decide';
import { hashPassword } from '../../security/passwords';
import { loadState, subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';
import { nameBasedId } from '../ids';

export type AdminBootstrapResult = 'created' | 'present' | 'email_in_use';

/**
 * Creates the configured first admin if absent. Every replica derives the same user id and the
 * same command ids from the email, so replicas starting together append it once; an existing
 * admin is left as it is (changing ADMIN_PASSWORD later does not reset the password).
 */
export async function bootstrapAdmin(
  deps: IdentityDeps,
  admin: { email: string; password: string },
): Promise<{ result: AdminBootstrapResult; version: number }> {
  const { store, logger } = deps;
  const at = subjects(store);
  const userId = nameBasedId(`admin:${admin.email}`);
  try {
    await executeCommand(
      store,
      at.email(admin.email),
      emailDecider,
      { type: 'ClaimEmail', userId, signupId: null, now: deps.clock() },
      { commandId: `admin-${userId}-claim` },
    );
  } catch (e) {
    if (!isIdentityRefusal(e, 'EMAIL_TAKEN')) throw e;
    logger.error(
      { email: admin.email },
      'ADMIN_EMAIL belongs to an account that is not the configured admin; no admin created',
    );
    return { result: 'email_in_use', version: 0 };
  }
  const existing = await loadState(store, at.user(userId), userDecider);
  if (existing.state.exists) return { result: 'present', version: existing.version };
  const outcome = await executeCommand(
    store,
    at.user(userId),
    userDecider,
    {
      type: 'RegisterUser',
      userId,
      email: admin.email,
      fullname: 'Administrator',
      passwordHash: await hashPassword(admin.password),
      role: 'ADMIN',
      accountId: userId,
      plan: 'STANDARD',
      selectedPlan: 'STANDARD',
      signupId: null,
      onboarding: null,
      now: deps.clock(),
    },
    { commandId: `admin-${userId}-user` },
  );
  if (outcome.events.length === 0) return { result: 'present', version: outcome.version };
  logger.info({ userId, email: admin.email }, 'created the configured admin');
  return { result: 'created', version: outcome.version };
}
