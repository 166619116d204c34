import { randomUUID } from 'node:crypto';
import type { DomainConfig, DomainSettings, WidgetHomeSettings } from '@parley/contracts';
import {
  domainConfigSchema,
  domainSettingsSchema,
  widgetHomeSettingsSchema,
} from '@parley/contracts/validation';
import type { Caller, DomainsDeps } from './deps';
import { runOnDomain } from './run-on-domain';
import { validate } from './validate';
import { withEntryIds } from '../domain/domain/entry-ids';

/** PATCH semantics: the fields sent change, a blank optional text clears, the rest stays. */
export async function updateSettings(
  deps: DomainsDeps,
  caller: Caller,
  input: { domainId: string; changes: Record<string, unknown> },
): Promise<DomainSettings> {
  const changes = validate(domainSettingsSchema, input.changes);
  const state = await runOnDomain(deps, caller, input.domainId, { type: 'UpdateSettings', changes });
  return state.settings;
}

export async function updateHomeSettings(
  deps: DomainsDeps,
  caller: Caller,
  input: { domainId: string; changes: Record<string, unknown> },
): Promise<WidgetHomeSettings> {
  const changes = withEntryIds(validate(widgetHomeSettingsSchema, input.changes), randomUUID);
  const state = await runOnDomain(deps, caller, input.domainId, { type: 'UpdateHomeSettings', changes });
  return state.homeSettings;
}

/** The setup wizard's bot configuration, saved whole. */
export async function saveConfig(
  deps: DomainsDeps,
  caller: Caller,
  input: { domainId: string; config: Record<string, unknown> },
): Promise<DomainConfig> {
  const config = validate(domainConfigSchema, input.config);
  await runOnDomain(deps, caller, input.domainId, { type: 'SaveConfig', config });
  return config;
}
