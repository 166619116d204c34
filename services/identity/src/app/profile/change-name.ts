import { randomUUID } from 'node:crypto';
import { executeCommand } from '@parley/eventstore';
import { changeNameSchema } from '@parley/contracts/validation';
import { userNotFound } from '../../domain/shared/errors';
import { userDecider } from '../../domain/user/decide';
import { subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';
import { UUID_PATTERN } from '../ids';
import { userViewOf, type UserView } from '../user-view';
import { validate } from '../validate';

export async function changeName(
  deps: IdentityDeps,
  input: { userId: unknown; fullname: unknown },
): Promise<UserView> {
  const userId = knownUserId(input.userId);
  const { fullname } = validate(changeNameSchema, { fullname: input.fullname });
  const outcome = await executeCommand(
    deps.store,
    subjects(deps.store).user(userId),
    userDecider,
    { type: 'RenameUser', fullname, now: deps.clock() },
    { commandId: randomUUID() },
  );
  await deps.readModels.users.waitFor(outcome.version);
  return userViewOf(outcome.state);
}

export function knownUserId(value: unknown): string {
  if (typeof value !== 'string' || !UUID_PATTERN.test(value)) throw userNotFound();
  return value.toLowerCase();
}
