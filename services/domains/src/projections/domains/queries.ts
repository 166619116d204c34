import {
  BUSINESS_HOURS_DEFAULTS,
  type BusinessHours,
  type DomainConfig,
  type DomainDetailView,
  type DomainSettings,
  type DomainView,
  type FilterQuestionView,
  type WidgetHomeSettings,
} from '@parley/contracts';
import type { Pool, PoolClient } from 'pg';

type Queryable = Pool | PoolClient;

interface DomainRow {
  id: string;
  domain: string;
  created_at: Date;
  settings: DomainSettings;
  home_settings: WidgetHomeSettings;
  config: DomainConfig | null;
  business_hours: BusinessHours | null;
}

interface QuestionRow {
  id: string;
  domain_id: string;
  question: string;
  answer: string;
  created_at: Date;
}

const domainView = (r: DomainRow): DomainView => ({
  id: r.id,
  domain: r.domain,
  createdAt: r.created_at.toISOString(),
});

const questionView = (r: QuestionRow): FilterQuestionView => ({
  id: r.id,
  domainId: r.domain_id,
  question: r.question,
  answer: r.answer,
  answered: r.answer.trim().length > 0,
  createdAt: r.created_at.toISOString(),
});

/** An account's domains, oldest first. */
export async function domainsOfAccount(db: Queryable, accountId: string): Promise<DomainView[]> {
  const { rows } = await db.query<DomainRow>(
    'SELECT id, domain, created_at FROM domains WHERE account_id = $1 ORDER BY position',
    [accountId],
  );
  return rows.map(domainView);
}

/** One domain with its settings, or null when it is missing or belongs to another account. */
export async function domainOfAccount(
  db: Queryable,
  accountId: string,
  domainId: string,
): Promise<DomainDetailView | null> {
  const { rows } = await db.query<DomainRow>(
    `SELECT id, domain, created_at, settings, home_settings, config
       FROM domains WHERE id = $1 AND account_id = $2`,
    [domainId, accountId],
  );
  const row = rows[0];
  return row
    ? { ...domainView(row), settings: row.settings, homeSettings: row.home_settings, config: row.config }
    : null;
}

export async function questionsOfDomain(
  db: Queryable,
  accountId: string,
  domainId: string,
): Promise<FilterQuestionView[]> {
  const { rows } = await db.query<QuestionRow>(
    `SELECT id, domain_id, question, answer, created_at FROM filter_questions
      WHERE domain_id = $1 AND account_id = $2 ORDER BY position`,
    [domainId, accountId],
  );
  return rows.map(questionView);
}

export async function questionOfAccount(
  db: Queryable,
  accountId: string,
  questionId: string,
): Promise<FilterQuestionView | null> {
  const { rows } = await db.query<QuestionRow>(
    `SELECT id, domain_id, question, answer, created_at FROM filter_questions
      WHERE id = $1 AND account_id = $2`,
    [questionId, accountId],
  );
  return rows[0] ? questionView(rows[0]) : null;
}

/** Any account's domain, for the public widget reads; null when there is none. */
export async function publicDomain(
  db: Queryable,
  domainId: string,
): Promise<(Omit<DomainDetailView, 'config'> & { businessHours: BusinessHours; accountId: string }) | null> {
  const { rows } = await db.query<DomainRow & { account_id: string }>(
    'SELECT id, account_id, domain, created_at, settings, home_settings, business_hours FROM domains WHERE id = $1',
    [domainId],
  );
  const row = rows[0];
  return row
    ? {
        ...domainView(row),
        accountId: row.account_id,
        settings: row.settings,
        homeSettings: row.home_settings,
        businessHours: row.business_hours ?? BUSINESS_HOURS_DEFAULTS,
      }
    : null;
}

/** A domain's business hours, or null when it is missing or belongs to another account. */
export async function businessHoursOfAccount(
  db: Queryable,
  accountId: string,
  domainId: string,
): Promise<BusinessHours | null> {
  const { rows } = await db.query<{ business_hours: BusinessHours | null }>(
    'SELECT business_hours FROM domains WHERE id = $1 AND account_id = $2',
    [domainId, accountId],
  );
  const row = rows[0];
  return row ? (row.business_hours ?? BUSINESS_HOURS_DEFAULTS) : null;
}

/** A domain's questions without their answers, in the owner's order. */
export async function publicQuestionsOfDomain(
  db: Queryable,
  domainId: string,
): Promise<Array<{ id: string; question: string }>> {
  const { rows } = await db.query<{ id: string; question: string }>(
    'SELECT id, question FROM filter_questions WHERE domain_id = $1 ORDER BY position',
    [domainId],
  );
  return rows;
}
