import { identityError } from '@parley/contracts';
import { loginSchema } from '@parley/contracts/validation';
import { emailDecider } from '../../domain/email/decide';
import { secondsUntil } from '../../domain/shared/time';
import { userDecider } from '../../domain/user/decide';
import type { UserState } from '../../domain/user/state';
import { verifyPassword } from '../../security/passwords';
import { emailKey } from '../../security/secrets';
import { loadState, subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';
import { currentSettings } from '../settings/current-settings';
import { validate } from '../validate';
import { issueSession, type ClientInfo, type IssuedSession } from './issue-session';
import { loginLimits } from './login-limits';

export const invalidCredentials = () =>
  identityError('unauthenticated', 'Invalid email or password', 'INVALID_CREDENTIALS');

export const tooManyLoginAttempts = (lockedMs: number, now: number) =>
  identityError(
    'rate_limited',
    'Too many failed log-in attempts. Please try again later.',
    'TOO_MANY_ATTEMPTS',
    [],
    secondsUntil(now + lockedMs, now),
  );

/**
 * Log-in. Unknown emails and wrong passwords get the same answer after the same work (a password
 * check against a decoy hash). Failures are counted so that guessing slows down without anyone
 * being able to keep the owner out (login-limits.ts): per account at an address, per address,
 * per account for strangers, per known browser for itself. With log-in disabled only admins get in.
 */
export async function login(
  deps: IdentityDeps,
  input: { email: unknown; password: unknown; client: ClientInfo; devices: string },
): Promise<IssuedSession> {
  const { email, password } = validate(loginSchema, input);
  const { devices } = input;
  const now = deps.clock();
  const accountKey = emailKey(email);
  const { ip } = input.client;
  const standing = await deps.knownClients.standing(accountKey, ip, devices, now);
  const limits = loginLimits(deps.backoff, { accountKey, ip, standing });
  const lockedMs = await deps.backoff.lockedFor(limits.checked, now);
  if (lockedMs > 0) throw tooManyLoginAttempts(lockedMs, now);

  const user = await findUser(deps, email);
  const matches = await verifyPassword(user?.passwordHash ?? deps.decoyPasswordHash, password);
  if (!user || !matches) {
    await deps.backoff.recordFailure(limits.failureCounts, now);
    throw invalidCredentials();
  }
  await deps.backoff.clear(limits.successClears);

  if (user.role !== 'ADMIN' && !(await currentSettings(deps)).loginEnabled) {
    throw identityError('forbidden', 'Login is currently disabled', 'LOGIN_DISABLED');
  }
  return issueSession(deps, user, 'login', input.client, devices);
}

/** The account registered with this email, read from the write side (no projection lag). */
async function findUser(deps: IdentityDeps, email: string): Promise<UserState | null> {
  const at = subjects(deps.store);
  const claim = await loadState(deps.store, at.email(email), emailDecider);
  if (!claim.state.claimedBy) return null;
  const user = await loadState(deps.store, at.user(claim.state.claimedBy), userDecider);
  return user.state.exists && !user.state.removed ? user.state : null;
}
