import { identityError } from '@parley/contracts';
import type { Decider } from '@parley/eventstore';
import { iso } from '../shared/time';
import type { SettingsCommand } from './commands';
import type { SettingsEvent } from './events';
import { SettingsEventType as T } from './events';
import { evolveSettings, initialSettingsState, type SettingsState } from './state';

export const notAdmin = () =>
  identityError('forbidden', 'Only administrators can change system settings', 'FORBIDDEN');

export function decideSettings(command: SettingsCommand, state: SettingsState): SettingsEvent[] {
  if (command.actorRole !== 'ADMIN') throw notAdmin();
  const next: SettingsState = {
    loginEnabled: command.changes.loginEnabled ?? state.loginEnabled,
    registrationEnabled: command.changes.registrationEnabled ?? state.registrationEnabled,
    maintenanceMode: command.changes.maintenanceMode ?? state.maintenanceMode,
  };
  const unchanged =
    next.loginEnabled === state.loginEnabled &&
    next.registrationEnabled === state.registrationEnabled &&
    next.maintenanceMode === state.maintenanceMode;
  if (unchanged) return [];
  return [{ type: T.Updated, data: { ...next, updatedBy: command.actorId, updatedAt: iso(command.now) } }];
}

export const settingsDecider: Decider<SettingsCommand, SettingsEvent, SettingsState> = {
  initialState: initialSettingsState,
  evolve: evolveSettings,
  decide: decideSettings,
};
