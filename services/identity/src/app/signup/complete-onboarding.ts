import { randomUUID } from 'node:crypto';
import { executeCommand } from '@parley/eventstore';
import { onboardingSchema } from '@parley/contracts/validation';
import { signupDecider } from '../../domain/signup/decide';
import { subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';
import { issueSession, type ClientInfo, type IssuedSession } from '../sessions/issue-session';
import { assertRegistrationOpen } from '../settings/current-settings';
import { validate } from '../validate';
import { registerUser } from './register-user';
import { knownSignupId } from './signup-id';

export interface CompleteOnboardingInput {
  signupId: unknown;
  products: unknown;
  categories: unknown;
  targetAudience: unknown;
  client: ClientInfo;
  /** The browser's device-token cookie, to which this account's token is added. */
  devices: string;
}

/** Step 3 of sign-up: record the answers, create the account (OWNER of its own account), start a session. */
export async function completeOnboarding(
  deps: IdentityDeps,
  input: CompleteOnboardingInput,
): Promise<IssuedSession> {
  const signupId = knownSignupId(input.signupId);
  const answers = validate(onboardingSchema, { ...input, signupId });
  await assertRegistrationOpen(deps);
  const onboarded = await executeCommand(
    deps.store,
    subjects(deps.store).signup(signupId),
    signupDecider,
    {
      type: 'CompleteOnboarding',
      userId: randomUUID(),
      products: answers.products,
      categories: answers.categories,
      targetAudience: answers.targetAudience,
      now: deps.clock(),
    },
    { commandId: randomUUID() },
  );
  const { user, version } = await registerUser(deps, onboarded.state);
  const session = await issueSession(deps, user, 'signup', input.client, input.devices);
  // Read-your-writes: the profile and an immediate log-in elsewhere see the new account.
  await deps.readModels.users.waitFor(version);
  return session;
}
