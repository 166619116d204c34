/**
 * The usage alert of spec screen 5 (States: Usage; Roles; section 9 constants): 80% or more of the
 * limit warns, at or above it the limit is reached; PRO is told to contact support for
 * usage-based pricing, STANDARD may upgrade to PRO.
 */
export const USAGE_WARNING_RATIO = 0.8;
/** 'Default request limit in alert: 100 when not given'. */
export const DEFAULT_REQUEST_LIMIT = 100;

export interface UsageFacts {
  requestsUsed: number;
  /** Missing (or not a positive number) means the default of 100. */
  requestLimit?: number | null;
  plan: string;
}

export interface UsageAlert {
  /** 'warning' shows orange, 'limit' red. */
  level: 'warning' | 'limit';
  title: 'Approaching request limit' | 'Request limit reached';
  detail: string;
  action: string;
}

export const PRO_ACTION = 'Contact support for usage-based pricing.';
export const STANDARD_ACTION = 'Upgrade to PRO for more requests.';

export function effectiveLimit(requestLimit: number | null | undefined): number {
  return typeof requestLimit === 'number' && Number.isFinite(requestLimit) && requestLimit > 0
    ? requestLimit
    : DEFAULT_REQUEST_LIMIT;
}

/** The alert to show, or null below the warning threshold. */
export function usageAlert(facts: UsageFacts): UsageAlert | null {
  const limit = effectiveLimit(facts.requestLimit);
  const used = Math.max(0, facts.requestsUsed);
  if (used < limit * USAGE_WARNING_RATIO) return null;
  const reached = used >= limit;
  const counts = `You have used ${used.toLocaleString('en-US')} of ${limit.toLocaleString('en-US')} requests this billing period.`;
  return {
    level: reached ? 'limit' : 'warning',
    title: reached ? 'Request limit reached' : 'Approaching request limit',
    detail: reached ? `${counts} Your assistant has stopped answering customers.` : counts,
    action: facts.plan === 'PRO' ? PRO_ACTION : STANDARD_ACTION,
  };
}
