import { AppError, PLANS, type PlanId } from '@parley/contracts';

/** Refusals shared by several aggregates and handlers; one place for their wording. */
export const domainNotFound = () => new AppError('not_found', 'Domain not found', [], 'DOMAIN_NOT_FOUND');

export const filterQuestionNotFound = () =>
  new AppError('not_found', 'Filter question not found', [], 'FILTER_QUESTION_NOT_FOUND');

export const DOMAIN_EXISTS_MESSAGE = 'This domain has already been added';

export const domainExists = () =>
  new AppError(
    'conflict',
    DOMAIN_EXISTS_MESSAGE,
    [{ field: 'domain', message: DOMAIN_EXISTS_MESSAGE }],
    'DOMAIN_EXISTS',
  );

/** 'Your Standard plan allows 1 domain. Upgrade to Pro to add more.' and its siblings. */
export function planLimitMessage(plan: PlanId, maxDomains: number): string {
  const allowance = `Your ${PLANS[plan].name} plan allows ${maxDomains} domain${maxDomains === 1 ? '' : 's'}.`;
  return plan === 'STANDARD'
    ? `${allowance} Upgrade to Pro to add more.`
    : `${allowance} Delete a domain to add another.`;
}

export const planLimitReached = (plan: PlanId, maxDomains: number) =>
  new AppError('forbidden', planLimitMessage(plan, maxDomains), [], 'PLAN_LIMIT');

export const MAX_FILTER_QUESTIONS = 200;

export const tooManyFilterQuestions = () =>
  new AppError(
    'precondition',
    `A domain can have at most ${MAX_FILTER_QUESTIONS} filter questions`,
    [],
    'FILTER_QUESTION_LIMIT',
  );
