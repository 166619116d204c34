import type { DomainEvent } from '@parley/eventstore';
import { IdentityEvent } from '@parley/contracts';

/** System settings (subject identity.settings.system). Each event is a full snapshot. */
export const SettingsEventType = { Updated: IdentityEvent.SystemSettingsUpdated } as const;

export interface SystemSettings {
  loginEnabled: boolean;
  registrationEnabled: boolean;
  maintenanceMode: boolean;
}

export type SystemSettingsUpdated = DomainEvent<
  typeof SettingsEventType.Updated,
  SystemSettings & { updatedBy: string; updatedAt: string }
>;

export type SettingsEvent = SystemSettingsUpdated;
