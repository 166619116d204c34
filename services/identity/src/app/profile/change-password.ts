import { randomUUID } from 'node:crypto';
import { identityError, type IdentityErrorCode } from '@parley/contracts';
import { executeCommand } from '@parley/eventstore';
import { changePasswordSchema } from '@parley/contracts/validation';
import { userNotFound } from '../../domain/shared/errors';
import { userDecider } from '../../domain/user/decide';
import { liveSessionIds } from '../../projections/sessions/queries';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { loadState, subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';
import { endSession } from '../sessions/end-session';
import { tooManyLoginAttempts } from '../sessions/login';
import { validate } from '../validate';
import { knownUserId } from './change-name';

const field = (name: string, message: string, code: IdentityErrorCode) =>
  identityError('validation', message, code, [{ field: name, message }]);

/**
 * Changes the password after checking the current one, then ends every other session of the
 * user (`sessionId`, the caller's own, stays; without it all end).
 */
export async function changePassword(
  deps: IdentityDeps,
  input: {
    userId: unknown;
    currentPassword: unknown;
    password: unknown;
    confirmPassword: unknown;
    sessionId?: string;
  },
): Promise<void> {
  const userId = knownUserId(input.userId);
  const { currentPassword, password } = validate(changePasswordSchema, input);
  const at = subjects(deps.store);
  const now = deps.clock();
  const limit = deps.backoff.forPasswordCheck(userId);
  const lockedMs = await deps.backoff.lockedFor([limit], now);
  if (lockedMs > 0) throw tooManyLoginAttempts(lockedMs, now);

  const { state: user } = await loadState(deps.store, at.user(userId), userDecider);
  if (!user.exists) throw userNotFound();
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    await deps.backoff.recordFailure([limit], now);
    throw field('currentPassword', 'Your current password is incorrect', 'INVALID_CURRENT_PASSWORD');
  }
  await deps.backoff.clear([limit]);
  if (password === currentPassword) {
    throw field('password', 'Your new password must be different from the current one', 'SAME_PASSWORD');
  }

  await executeCommand(
    deps.store,
    at.user(userId),
    userDecider,
    {
      type: 'ChangePassword',
      passwordHash: await hashPassword(password),
      expectedPasswordHash: user.passwordHash,
      now: deps.clock(),
    },
    { commandId: randomUUID() },
  );
  await endOtherSessions(deps, userId, input.sessionId || null);
}

async function endOtherSessions(deps: IdentityDeps, userId: string, keep: string | null): Promise<void> {
  // Every session started before this point must be in the read model before it is asked.
  await deps.readModels.sessions.waitFor(await deps.streamTail());
  const ids = (await liveSessionIds(deps.pool, userId, new Date(deps.clock()))).filter((id) => id !== keep);
  for (const sessionId of ids) await endSession(deps, sessionId, 'password_changed', null);
}
