import { randomUUID } from 'node:crypto';
import { executeCommand } from '@parley/eventstore';
import { signupDetailsSchema } from '@parley/contracts/validation';
import { emailDecider } from '../../domain/email/decide';
import { emailTaken } from '../../domain/shared/errors';
import { signupDecider } from '../../domain/signup/decide';
import { signupRequestsDecider } from '../../domain/signup-requests/decide';
import { hashPassword } from '../../security/passwords';
import { secretDigest } from '../../security/secrets';
import { loadState, subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';
import { commandIds, nameBasedId } from '../ids';
import { assertRegistrationOpen } from '../settings/current-settings';
import { validate } from '../validate';
import { issueCode } from './issue-code';
import { ticketOf, type SignupTicket } from './ticket';

export interface StartSignupInput {
  fullname: unknown;
  email: unknown;
  confirmEmail: unknown;
  password: unknown;
  confirmPassword: unknown;
  selectedPlan?: unknown;
  /** The client's idempotency key: the same key gives the same sign-up. */
  requestKey?: string;
}

/**
 * Step 1 of sign-up. Starting again for an address supersedes the earlier sign-up if it is still
 * waiting for its code or its answers (that code stops working); starts for one address are
 * spaced 60 s apart and capped at 5 a day, like resends.
 */
export async function startSignup(deps: IdentityDeps, input: StartSignupInput): Promise<SignupTicket> {
  const { requestKey, ...fields } = input;
  const details = validate(signupDetailsSchema, fields);
  await assertRegistrationOpen(deps);
  const { store } = deps;
  const at = subjects(store);
  // Keyed, so nobody can work out another client's sign-up id from its idempotency key.
  const signupId = requestKey
    ? nameBasedId(secretDigest(deps.secrets.codeSecret, 'signup-request', 'client', requestKey))
    : randomUUID();
  const commandId = commandIds(requestKey ? `signup-${signupId}` : undefined);

  // Early answer for a registered address; the claim at registration is what actually guards it.
  const claim = await loadState(store, at.email(details.email), emailDecider);
  if (claim.state.claimedBy) throw emailTaken();

  const requested = await executeCommand(
    store,
    at.signupRequests(details.email),
    signupRequestsDecider,
    { type: 'RequestSignup', signupId, now: deps.clock() },
    { commandId: commandId('request') },
  );

  const passwordHash = await hashPassword(details.password);
  const started = await executeCommand(
    store,
    at.signup(signupId),
    signupDecider,
    {
      type: 'StartSignup',
      signupId,
      email: details.email,
      fullname: details.fullname,
      passwordHash,
      selectedPlan: details.selectedPlan,
      code: issueCode(deps, signupId),
      now: deps.clock(),
    },
    { commandId: commandId('start') },
  );

  const superseded = requested.events[0]?.data.supersedes;
  if (superseded) await supersede(deps, superseded, signupId);
  return ticketOf(started.state);
}

/** Closes the earlier sign-up so its code stops working at once. Best effort: if it fails, the
 *  earlier sign-up stays usable, and the email claim still lets only one of them register. */
async function supersede(deps: IdentityDeps, signupId: string, by: string): Promise<void> {
  try {
    await executeCommand(
      deps.store,
      subjects(deps.store).signup(signupId),
      signupDecider,
      { type: 'SupersedeSignup', by, now: deps.clock() },
      { commandId: `supersede-${signupId}` },
    );
  } catch (e) {
    deps.logger.warn({ err: e, signupId, by }, 'could not mark the earlier sign-up superseded');
  }
}
