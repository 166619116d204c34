import type { RecordedEvent } from '@parley/eventstore';
import type { Projection } from '@parley/projections';
import type { PoolClient } from 'pg';
import { asDomainEvent } from '../../app/aggregates';
import type { SettingsEvent } from '../../domain/settings/events';
import { SettingsEventType as T } from '../../domain/settings/events';

/** system_settings: the latest snapshot. */
export const settingsProjection: Projection = {
  name: 'identity-settings-v1',
  context: 'identity',
  aggregate: 'settings',
  async apply(tx: PoolClient, recorded: RecordedEvent): Promise<void> {
    const event = asDomainEvent<SettingsEvent>(recorded);
    if (event.type !== T.Updated) return;
    const d = event.data;
    await tx.query(
      `INSERT INTO system_settings (id, login_enabled, registration_enabled, maintenance_mode, updated_by, updated_at)
       VALUES (1, $1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET login_enabled = $1, registration_enabled = $2, maintenance_mode = $3,
         updated_by = $4, updated_at = $5`,
      [d.loginEnabled, d.registrationEnabled, d.maintenanceMode, d.updatedBy, d.updatedAt],
    );
  },
};
