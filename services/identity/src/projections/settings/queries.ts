import type { Pool } from 'pg';
import type { SystemSettings } from '../../domain/settings/events';
import { DEFAULT_SETTINGS } from '../../domain/settings/state';

export async function systemSettings(pool: Pool): Promise<SystemSettings> {
  const { rows } = await pool.query<{
    login_enabled: boolean;
    registration_enabled: boolean;
    maintenance_mode: boolean;
  }>('SELECT login_enabled, registration_enabled, maintenance_mode FROM system_settings WHERE id = 1');
  const row = rows[0];
  if (!row) return DEFAULT_SETTINGS;
  return {
    loginEnabled: row.login_enabled,
    registrationEnabled: row.registration_enabled,
    maintenanceMode: row.maintenance_mode,
  };
}
