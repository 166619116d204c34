import { configSchema } from './runtime-config';

describe('the frontend’s run-time configuration', () => {
  it('reads a number set to nothing as unset: its default, not 0 (no settings cache, no gateway time)', () => {
    const blank = configSchema.parse({
      SYSTEM_SETTINGS_CACHE_MS: '',
      GATEWAY_TIMEOUT_MS: ' ',
      METRICS_PORT: '',
    });
    expect(blank).toEqual(configSchema.parse({}));
    expect(blank.SYSTEM_SETTINGS_CACHE_MS).toBe(3_000);
    expect(configSchema.parse({ SYSTEM_SETTINGS_CACHE_MS: '0' }).SYSTEM_SETTINGS_CACHE_MS).toBe(0);
    expect(configSchema.safeParse({ GATEWAY_TIMEOUT_MS: 'soon' }).success).toBe(false);
  });
});
