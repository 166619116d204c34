import { systemSettingsResponseSchema, type SystemSettings } from '../api/types';
import { gatewayJson } from './gateway';
import { runtimeConfig } from './runtime-config';

/**
 * GET /api/system-settings with a short cache, so page requests do not each ask the gateway.
 * The cache lives on globalThis: the proxy and the /api route handler are bundled separately
 * but run in one process, and a settings change made through this frontend replaces it at once.
 * Other replicas see a change after at most SYSTEM_SETTINGS_CACHE_MS.
 */
interface Cached {
  settings: SystemSettings | null;
  expiresAt: number;
  pending?: Promise<SystemSettings | null>;
}

const KEY = Symbol.for('parley.frontend.systemSettings');
type Holder = { [KEY]?: Cached };

const holder = globalThis as Holder;

export async function currentSystemSettings(now = Date.now()): Promise<SystemSettings | null> {
  const cached = holder[KEY];
  if (cached && cached.expiresAt > now) return cached.settings;
  if (cached?.pending) return cached.pending;

  const pending = gatewayJson('/system-settings', systemSettingsResponseSchema, { timeoutMs: 2_000 })
    .then((body) => body.data)
    .catch((error: unknown) => {
      // Fail open: the gateway enforces the settings on every API call regardless.
      console.error(
        'frontend: Failed to fetch system settings',
        error instanceof Error ? error.message : error,
      );
      return null;
    });
  holder[KEY] = { settings: cached?.settings ?? null, expiresAt: cached?.expiresAt ?? 0, pending };
  const settings = await pending;
  // A failed read is retried soon rather than trusted for the whole cache period.
  const ttl = settings ? runtimeConfig().systemSettingsCacheMs : 1_000;
  holder[KEY] = { settings, expiresAt: Date.now() + ttl };
  return settings;
}

/** Called with the answer of a successful PUT /api/system-settings that went through this frontend. */
export function rememberSystemSettings(settings: SystemSettings): void {
  holder[KEY] = { settings, expiresAt: Date.now() + runtimeConfig().systemSettingsCacheMs };
}
