import type { Folded } from '@parley/eventstore';
import type { SettingsEvent, SystemSettings } from './events';
import { SettingsEventType as T } from './events';

export const DEFAULT_SETTINGS: SystemSettings = {
  loginEnabled: true,
  registrationEnabled: true,
  maintenanceMode: false,
};

export type SettingsState = SystemSettings;

export const initialSettingsState: SettingsState = DEFAULT_SETTINGS;

export function evolveSettings(state: Folded<SettingsState>, event: SettingsEvent): Folded<SettingsState> {
  switch (event.type) {
    case T.Updated: {
      const { loginEnabled, registrationEnabled, maintenanceMode } = event.data;
      return { loginEnabled, registrationEnabled, maintenanceMode };
    }
    default:
      return state;
  }
}
