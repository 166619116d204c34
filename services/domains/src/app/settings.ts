import { randomUUID } from 'node:crypto';
import {
  type DomainConfig,
  type DomainSettings,
  type WidgetHomeSettings,
  domainsError,
} from '@parley/contracts';
import {
  domainConfigSchema,
  domainSettingsSchema,
  widgetHomeSettingsSchema,
} from '@parley/contracts/validation';
import type { Caller, DomainsDeps } from './deps';
import { canTakePayments } from '../projections/account-plans/queries';
import { runOnDomain } from './run-on-domain';
import { isId, validate } from './validate';
import { withEntryIds } from '../domain/domain/entry-ids';

export const PAYOUTS_NOT_READY =
  'Payments cannot be turned on yet: connect your Stripe account for payouts first (Settings, Payouts), then try again.';

async function ownsDomain(deps: DomainsDeps, accountId: string, domainId: string): Promise<boolean> {
  if (!isId(domainId)) return false;
  const { rows } = await deps.pool.query('SELECT 1 FROM domains WHERE id = $1 AND account_id = $2', [
    domainId,
    accountId,
  ]);
  return rows.length > 0;
}

/** PATCH semantics: the fields sent change, a blank optional text clears, the rest stays. */
export async function updateSettings(
  deps: DomainsDeps,
  caller: Caller,
  input: { domainId: string; changes: Record<string, unknown> },
): Promise<DomainSettings> {
  const changes = validate(domainSettingsSchema, input.changes);
  // Visitors pay the owner's connected account: turning payments on needs one that takes charges
  // (billing.PayoutAccountUpdated, from its account.updated webhook). Turning them off always works.
  // Checked on the caller's own domain only: another account's still answers not found.
  if (
    changes.paymentEnabled === true &&
    (await ownsDomain(deps, caller.accountId, input.domainId)) &&
    !(await canTakePayments(deps.pool, caller.accountId))
  )
    throw domainsError('precondition', PAYOUTS_NOT_READY, 'PAYOUTS_NOT_READY', [
      { field: 'paymentEnabled', message: PAYOUTS_NOT_READY },
    ]);
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
