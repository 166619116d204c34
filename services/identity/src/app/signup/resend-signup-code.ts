import { randomUUID } from 'node:crypto';
import { executeCommand } from '@parley/eventstore';
import { signupDecider } from '../../domain/signup/decide';
import { subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';
import { assertRegistrationOpen } from '../settings/current-settings';
import { issueCode } from './issue-code';
import { knownSignupId } from './signup-id';
import { ticketOf, type SignupTicket } from './ticket';

/** A new code replaces the previous one (and its wrong-attempt count). */
export async function resendSignupCode(
  deps: IdentityDeps,
  input: { signupId: unknown },
): Promise<SignupTicket> {
  const signupId = knownSignupId(input.signupId);
  await assertRegistrationOpen(deps);
  const outcome = await executeCommand(
    deps.store,
    subjects(deps.store).signup(signupId),
    signupDecider,
    { type: 'ResendCode', code: issueCode(deps, signupId), now: deps.clock() },
    { commandId: randomUUID() },
  );
  return ticketOf(outcome.state);
}
