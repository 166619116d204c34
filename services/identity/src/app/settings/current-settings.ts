import { identityError } from '@parley/contracts';
import { settingsDecider } from '../../domain/settings/decide';
import type { SystemSettings } from '../../domain/settings/events';
import { loadState, subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';

/** The settings as recorded in their aggregate: what commands decide on (queries read the projection). */
export async function currentSettings(deps: IdentityDeps): Promise<SystemSettings> {
  return (await loadState(deps.store, subjects(deps.store).settings(), settingsDecider)).state;
}

export async function assertRegistrationOpen(deps: IdentityDeps): Promise<void> {
  if (!(await currentSettings(deps)).registrationEnabled) {
    throw identityError('forbidden', 'Registration is currently disabled', 'REGISTRATION_DISABLED');
  }
}
