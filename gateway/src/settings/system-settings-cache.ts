import type { SystemSettings } from '../clients/identity-types';

export interface SystemSettingsSource {
  /** The current settings, at most `ttlMs` old. */
  get(): Promise<SystemSettings>;
  /** Forget the cached copy; the next get() asks identity. */
  invalidate(): void;
  /** Store a copy known to be current (the answer to an update). */
  prime(settings: SystemSettings): void;
}

/**
 * Every request that system settings govern would otherwise cost a call to identity, so settings
 * are kept for a few seconds. Concurrent misses share one call; if identity can't be reached, the
 * last known settings keep being enforced rather than failing every request.
 */
export function cachedSystemSettings(
  load: () => Promise<SystemSettings>,
  ttlMs: number,
  now = () => Date.now(),
): SystemSettingsSource {
  let cached: { settings: SystemSettings; fetchedAt: number } | undefined;
  let inFlight: Promise<SystemSettings> | undefined;
  // Bumped on invalidate so a load that started before an update can't store what it read.
  let generation = 0;

  const fetchFresh = () => {
    if (inFlight) return inFlight;
    const startedIn = generation;
    inFlight = load()
      .then((settings) => {
        if (startedIn === generation) cached = { settings, fetchedAt: now() };
        return settings;
      })
      .catch((error: unknown) => {
        if (cached) return cached.settings;
        throw error;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };

  return {
    get: async () => {
      if (cached && now() - cached.fetchedAt < ttlMs) return cached.settings;
      return fetchFresh();
    },
    invalidate: () => {
      generation += 1;
      inFlight = undefined;
      if (cached) cached = { ...cached, fetchedAt: Number.NEGATIVE_INFINITY };
    },
    prime: (settings) => {
      generation += 1;
      inFlight = undefined;
      cached = { settings, fetchedAt: now() };
    },
  };
}
