import type {
  BusinessHours,
  DomainDetailView,
  DomainLimits,
  DomainView,
  FilterQuestionView,
} from '@parley/contracts';
import { domainNotFound } from '../domain/shared/errors';
import { planLimitOf } from '../projections/account-plans/queries';
import {
  domainOfAccount,
  domainsOfAccount,
  publicDomain,
  publicQuestionsOfDomain,
  questionsOfDomain,
} from '../projections/domains/queries';
import type { Caller, DomainsDeps } from './deps';
import { isId } from './validate';

export async function listDomains(
  deps: DomainsDeps,
  caller: Caller,
): Promise<{ domains: DomainView[]; limits: DomainLimits }> {
  const [domains, limit] = await Promise.all([
    domainsOfAccount(deps.pool, caller.accountId),
    planLimitOf(deps.pool, caller.accountId),
  ]);
  return { domains, limits: { maxDomains: limit.maxDomains, used: domains.length } };
}

/** Another account's domain answers exactly as a missing one. */
export async function getDomain(
  deps: DomainsDeps,
  caller: Caller,
  domainId: string,
): Promise<DomainDetailView> {
  const domain = isId(domainId) ? await domainOfAccount(deps.pool, caller.accountId, domainId) : null;
  if (!domain) throw domainNotFound();
  return domain;
}

export async function listFilterQuestions(
  deps: DomainsDeps,
  caller: Caller,
  domainId: string,
): Promise<FilterQuestionView[]> {
  await getDomain(deps, caller, domainId);
  return questionsOfDomain(deps.pool, caller.accountId, domainId);
}

/** For other services: does this domain exist and belong to this account? */
export async function domainBelongsTo(
  deps: DomainsDeps,
  accountId: string,
  domainId: string,
): Promise<DomainView | null> {
  if (!isId(domainId)) return null;
  return domainOfAccount(deps.pool, accountId, domainId);
}

/**
 * What a site visitor's widget may read of any domain: its name and widget settings. The bot
 * configuration and the filter questions' answers are never part of it.
 */
export async function widgetProfile(
  deps: DomainsDeps,
  domainId: string,
): Promise<Omit<DomainDetailView, 'config'> & { businessHours: BusinessHours }> {
  const found = isId(domainId) ? await publicDomain(deps.pool, domainId) : null;
  if (!found) throw domainNotFound();
  const { accountId, ...domain } = found;
  // Custom branding is the PRO plan's: on any other plan the widget keeps Parley's name and link,
  // whatever the settings hold (they come back if the account upgrades again).
  if ((await planLimitOf(deps.pool, accountId)).plan === 'PRO') return domain;
  const { widgetName: _name, hidePoweredBy: _hidden, ...settings } = domain.settings;
  return { ...domain, settings };
}

/** The questions a visitor is asked, without the answers the owner gave the bot. */
export async function publicFilterQuestions(
  deps: DomainsDeps,
  domainId: string,
): Promise<Array<{ id: string; question: string }>> {
  await widgetProfile(deps, domainId);
  return publicQuestionsOfDomain(deps.pool, domainId);
}
