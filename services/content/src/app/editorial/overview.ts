import type { Caller, ContentDeps } from '../deps';
import { requireAdmin } from './guards';

export interface AdminOverview {
  /** The calendar month (UTC) the monthly counts are of: '2026-03'. */
  month: string;
  accounts: { total: number; newThisMonth: number };
  proSubscriptions: number;
  domains: number;
  conversationsThisMonth: number;
  messagesThisMonth: number;
  applicationsWaiting: { new: number; reviewing: number };
}

/** The month `now` is in, as its first day (UTC). */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * The Admin Overview's counts, from content's own read models of the other contexts' events
 * (identity's accounts, billing's plans, domains, conversations' activity) and its applications.
 * Accounts are owners' accounts (an agent belongs to one; admins run the platform).
 */
export async function adminOverview(deps: ContentDeps, caller: Caller): Promise<AdminOverview> {
  requireAdmin(caller);
  const month = monthStart(deps.clock());
  const { rows } = await deps.pool.query<Record<string, string>>(
    `SELECT
       (SELECT count(*) FROM platform_users WHERE role = 'OWNER' AND user_id = account_id) AS accounts,
       (SELECT count(*) FROM platform_users WHERE role = 'OWNER' AND user_id = account_id
           AND registered_at >= $1) AS new_accounts,
       (SELECT count(*) FROM platform_account_plans WHERE plan = 'PRO') AS pro,
       (SELECT count(*) FROM account_domains) AS domains,
       coalesce((SELECT conversations FROM platform_monthly_activity WHERE month = $2::date), 0) AS conversations,
       coalesce((SELECT messages FROM platform_monthly_activity WHERE month = $2::date), 0) AS messages,
       (SELECT count(*) FROM job_applications WHERE status = 'new') AS applications_new,
       (SELECT count(*) FROM job_applications WHERE status = 'reviewing') AS applications_reviewing`,
    [month.toISOString(), month.toISOString().slice(0, 10)],
  );
  const r = rows[0]!;
  return {
    month: month.toISOString().slice(0, 7),
    accounts: { total: Number(r.accounts), newThisMonth: Number(r.new_accounts) },
    proSubscriptions: Number(r.pro),
    domains: Number(r.domains),
    conversationsThisMonth: Number(r.conversations),
    messagesThisMonth: Number(r.messages),
    applicationsWaiting: { new: Number(r.applications_new), reviewing: Number(r.applications_reviewing) },
  };
}
