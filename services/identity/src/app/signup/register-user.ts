import { executeCommand } from '@parley/eventstore';
import { identityError, isIdentityRefusal } from '@parley/contracts';
import { emailDecider } from '../../domain/email/decide';
import type { SignupRejectionReason } from '../../domain/signup/events';
import { signupDecider } from '../../domain/signup/decide';
import type { SignupState } from '../../domain/signup/state';
import { userDecider } from '../../domain/user/decide';
import type { UserState } from '../../domain/user/state';
import { subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';

/**
 * Turns an onboarded sign-up into an account: claim the address (expected version 0), register
 * the user, mark the sign-up complete. JetStream cannot append to several subjects atomically,
 * so every step is idempotent (fixed ids, deciders that accept a repeat) and this runs both in
 * the request and from the registration reactor, which finishes what a crash interrupted.
 */
export async function registerUser(
  deps: IdentityDeps,
  signup: SignupState,
): Promise<{ user: UserState; version: number }> {
  const { store } = deps;
  const at = subjects(store);
  const { signupId, userId, email } = signup;
  if (!userId || (signup.status !== 'onboarded' && signup.status !== 'completed')) {
    throw identityError('precondition', 'Please verify your email first', 'EMAIL_NOT_VERIFIED');
  }

  if (signup.status === 'onboarded') {
    // First come, first served: the claim (expected version 0) decides between sign-ups for one
    // address. A newer sign-up closes an older one only while it still waits for its code or its
    // answers (SupersedeSignup and CompleteOnboarding meet on the sign-up's own stream).
    try {
      await executeCommand(
        store,
        at.email(email),
        emailDecider,
        { type: 'ClaimEmail', userId, signupId, now: deps.clock() },
        { commandId: `register-${signupId}-claim` },
      );
    } catch (e) {
      if (isIdentityRefusal(e, 'EMAIL_TAKEN')) await reject(deps, signupId, 'EMAIL_TAKEN');
      throw e;
    }
  }

  const registered = await executeCommand(
    store,
    at.user(userId),
    userDecider,
    {
      type: 'RegisterUser',
      userId,
      email,
      fullname: signup.fullname,
      passwordHash: signup.passwordHash,
      role: 'OWNER',
      accountId: userId,
      // Paid plans start when billing confirms a payment; the choice is kept for that step.
      plan: 'STANDARD',
      selectedPlan: signup.selectedPlan,
      signupId,
      onboarding: signup.onboarding,
      now: deps.clock(),
    },
    { commandId: `register-${signupId}-user` },
  );

  await executeCommand(
    store,
    at.signup(signupId),
    signupDecider,
    { type: 'MarkRegistered', now: deps.clock() },
    { commandId: `register-${signupId}-complete` },
  );
  return { user: registered.state, version: registered.version };
}

async function reject(deps: IdentityDeps, signupId: string, reason: SignupRejectionReason): Promise<void> {
  await executeCommand(
    deps.store,
    subjects(deps.store).signup(signupId),
    signupDecider,
    { type: 'RejectSignup', reason, now: deps.clock() },
    { commandId: `register-${signupId}-reject` },
  );
}
