import { AppError } from '@parley/contracts';
import { loginSchema } from '@parley/contracts/validation';
import { emailDecider } from '../../domain/email/decide';
import { secondsUntil } from '../../domain/shared/time';
import { userDecider } from '../../domain/user/decide';
import type { UserState } from '../../domain/user/state';
import { verifyPassword } from '../../security/passwords';
import { emailKey } from '../../security/secrets';
import { loadState, subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';
import type { BackoffKey } from '../login-backoff';
import { currentSettings } from '../settings/current-settings';
import { validate } from '../validate';
import { issueSession, type ClientInfo, type IssuedSession } from './issue-session';

export const invalidCredentials = () =>
  new AppError('unauthenticated', 'Invalid email or password', [], 'INVALID_CREDENTIALS');

export const tooManyLoginAttempts = (lockedMs: number, now: number) =>
  new AppError(
    'rate_limited',
    'Too many failed log-in attempts. Please try again later.',
    [],
    'TOO_MANY_ATTEMPTS',
    secondsUntil(now + lockedMs, now),
  );

/**
 * Log-in. Unknown emails and wrong passwords get the same answer after the same work (a password
 * check against a decoy hash). Failures are counted per email and per IP; past the limits the
 * caller waits, longer with each further failure. With log-in disabled only admins get in.
 */
export async function login(
  deps: IdentityDeps,
  input: { email: unknown; password: unknown; client: ClientInfo },
): Promise<IssuedSession> {
  const { email, password } = validate(loginSchema, input);
  const now = deps.clock();
  const emailLimit = deps.backoff.forEmail(emailKey(email));
  const limits = [emailLimit, deps.backoff.forIp(input.client.ip)].filter((k): k is BackoffKey => k !== null);
  const lockedMs = await deps.backoff.lockedFor(limits, now);
  if (lockedMs > 0) throw tooManyLoginAttempts(lockedMs, now);

  const user = await findUser(deps, email);
  const matches = await verifyPassword(user?.passwordHash ?? deps.decoyPasswordHash, password);
  if (!user || !matches) {
    await deps.backoff.recordFailure(limits, now);
    throw invalidCredentials();
  }
  // Only the email's record: clearing the IP's would let one known account reset it between guesses.
  await deps.backoff.clear(emailLimit);

  if (user.role !== 'ADMIN' && !(await currentSettings(deps)).loginEnabled) {
    throw new AppError('forbidden', 'Login is currently disabled', [], 'LOGIN_DISABLED');
  }
  return issueSession(deps, user, 'login', input.client);
}

/** The account registered with this email, read from the write side (no projection lag). */
async function findUser(deps: IdentityDeps, email: string): Promise<UserState | null> {
  const at = subjects(deps.store);
  const claim = await loadState(deps.store, at.email(email), emailDecider);
  if (!claim.state.claimedBy) return null;
  const user = await loadState(deps.store, at.user(claim.state.claimedBy), userDecider);
  return user.state.exists && !user.state.removed ? user.state : null;
}
