import { randomUUID } from 'node:crypto';
import { executeCommand } from '@parley/eventstore';
import { signupCodeSchema } from '@parley/contracts/validation';
import { signupDecider, verificationRefusal } from '../../domain/signup/decide';
import { asDomainEvents, subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';
import { assertRegistrationOpen } from '../settings/current-settings';
import { validate } from '../validate';
import { codeDigest } from './issue-code';
import { knownSignupId } from './signup-id';

export async function verifySignupCode(
  deps: IdentityDeps,
  input: { signupId: unknown; otp: unknown },
): Promise<{ signupId: string; verified: true }> {
  const signupId = knownSignupId(input.signupId);
  const { otp } = validate(signupCodeSchema, { signupId, otp: input.otp });
  await assertRegistrationOpen(deps);
  const now = deps.clock();
  const outcome = await executeCommand(
    deps.store,
    subjects(deps.store).signup(signupId),
    signupDecider,
    { type: 'VerifyCode', codeHash: codeDigest(deps, signupId, otp), now },
    { commandId: randomUUID() },
  );
  const refusal = verificationRefusal(asDomainEvents(outcome.events), outcome.state, now);
  if (refusal) throw refusal;
  return { signupId, verified: true };
}
