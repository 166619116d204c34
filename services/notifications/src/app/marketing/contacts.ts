import { contactsLimitMessage, contactsQuerySchema } from '@parley/contracts';
import type { Caller } from '@parley/grpc';
import { answeredQuestions, contactCount, listContacts } from '../../marketing/contacts-store';
import { marketingLimits } from '../../marketing/plan-limits';
import { parseInput, requireOwner, type MarketingDeps } from './deps';
import { emailUsage } from './usage';

/**
 * The account's contacts, searched and filtered, a page at a time, with the plan's contacts
 * limit (how many the account holds, how many are held back and why) and the month's emails.
 */
export async function contacts(deps: MarketingDeps, caller: Caller, queryJson: string) {
  requireOwner(caller);
  const query = parseInput(contactsQuerySchema, queryJson);
  const limits = await marketingLimits(deps.pool, caller.accountId);
  const [page, total, questions, usage] = await Promise.all([
    listContacts(deps.pool, caller.accountId, limits.contacts, query, query),
    contactCount(deps.pool, caller.accountId),
    answeredQuestions(deps.pool, caller.accountId, query.domainId),
    emailUsage(deps, caller.accountId, limits),
  ]);
  const heldBack = Math.max(0, total - limits.contacts);
  return {
    data: page.data,
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
    questions,
    limits: {
      plan: limits.plan,
      contacts: limits.contacts,
      contactsHeld: total,
      heldBack,
      message: heldBack > 0 ? contactsLimitMessage(limits.plan, limits.contacts, heldBack) : null,
      ...usage,
    },
  };
}
