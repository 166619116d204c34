import { PLANS, type PlanId, domainsError } from '@parley/contracts';

/** Refusals shared by several aggregates and handlers; one place for their wording. */
export const domainNotFound = () => domainsError('not_found', 'Domain not found', 'DOMAIN_NOT_FOUND');

export const filterQuestionNotFound = () =>
  domainsError('not_found', 'Filter question not found', 'FILTER_QUESTION_NOT_FOUND');

export const DOMAIN_EXISTS_MESSAGE = 'This domain has already been added';

export const domainExists = () =>
  domainsError('conflict', DOMAIN_EXISTS_MESSAGE, 'DOMAIN_EXISTS', [
    { field: 'domain', message: DOMAIN_EXISTS_MESSAGE },
  ]);

/** 'Your Standard plan allows 1 domain. Upgrade to Pro to add more.' and its siblings. */
export function planLimitMessage(plan: PlanId, maxDomains: number): string {
  const allowance = `Your ${PLANS[plan].name} plan allows ${maxDomains} domain${maxDomains === 1 ? '' : 's'}.`;
  return plan === 'STANDARD'
    ? `${allowance} Upgrade to Pro to add more.`
    : `${allowance} Delete a domain to add another.`;
}

export const planLimitReached = (plan: PlanId, maxDomains: number) =>
  domainsError('forbidden', planLimitMessage(plan, maxDomains), 'PLAN_LIMIT');

export const MAX_FILTER_QUESTIONS = 200;

export const tooManyFilterQuestions = () =>
  domainsError(
    'precondition',
    `A domain can have at most ${MAX_FILTER_QUESTIONS} filter questions`,
    'FILTER_QUESTION_LIMIT',
  );
