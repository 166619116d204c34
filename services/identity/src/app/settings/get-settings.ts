import type { SystemSettings } from '../../domain/settings/events';
import { systemSettings } from '../../projections/settings/queries';
import type { IdentityDeps } from '../deps';

export function getSystemSettings(deps: IdentityDeps): Promise<SystemSettings> {
  return systemSettings(deps.pool);
}
