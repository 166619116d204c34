import { businessHoursSchema, type BusinessHours } from '@parley/contracts';
import { domainNotFound } from '../domain/shared/errors';
import { businessHoursOfAccount } from '../projections/domains/queries';
import type { Caller, DomainsDeps } from './deps';
import { runOnDomain } from './run-on-domain';
import { isId, validate } from './validate';

/** The caller's domain's business hours (the defaults, off, until the owner saves them). */
export async function getBusinessHours(
  deps: DomainsDeps,
  caller: Caller,
  domainId: string,
): Promise<BusinessHours> {
  const hours = isId(domainId) ? await businessHoursOfAccount(deps.pool, caller.accountId, domainId) : null;
  if (!hours) throw domainNotFound();
  return hours;
}

/** The whole document, saved as sent (validated): an unchanged one records nothing. */
export async function saveBusinessHours(
  deps: DomainsDeps,
  caller: Caller,
  input: { domainId: string; businessHours: Record<string, unknown> },
): Promise<BusinessHours> {
  const businessHours = validate(businessHoursSchema, input.businessHours);
  const state = await runOnDomain(deps, caller, input.domainId, {
    type: 'UpdateBusinessHours',
    businessHours,
  });
  return state.businessHours;
}
