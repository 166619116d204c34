import { randomUUID } from 'node:crypto';
import { executeCommand } from '@parley/eventstore';
import { systemSettingsSchema } from '@parley/contracts/validation';
import { settingsDecider } from '../../domain/settings/decide';
import type { SystemSettings } from '../../domain/settings/events';
import { userDecider } from '../../domain/user/decide';
import { loadState, subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';
import { UUID_PATTERN } from '../ids';
import { validate } from '../validate';

/** ADMIN only; the actor's role is read from the actor's own aggregate, not trusted from the caller. */
export async function updateSystemSettings(
  deps: IdentityDeps,
  input: { actorId: unknown } & Partial<Record<keyof SystemSettings, unknown>>,
): Promise<SystemSettings> {
  const { actorId, ...changes } = input;
  const present = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const valid = validate(systemSettingsSchema, present);
  const at = subjects(deps.store);
  const actor =
    typeof actorId === 'string' && UUID_PATTERN.test(actorId)
      ? (await loadState(deps.store, at.user(actorId.toLowerCase()), userDecider)).state
      : null;
  const outcome = await executeCommand(
    deps.store,
    at.settings(),
    settingsDecider,
    {
      type: 'UpdateSettings',
      actorId: actor?.userId ?? String(actorId ?? ''),
      actorRole: actor?.exists ? actor.role : null,
      changes: valid,
      now: deps.clock(),
    },
    { commandId: randomUUID() },
  );
  await deps.readModels.settings.waitFor(outcome.version);
  return outcome.state;
}
