import type { Audience } from '@parley/contracts';
import type { Pool } from 'pg';

export interface ContactRow {
  domainId: string;
  domain: string;
  email: string;
  name: string;
  firstSeen: string;
  bookings: number;
  orders: number;
  subscribed: boolean;
  unsubscribedAt: string | null;
  answers: { questionId: string; question: string; answer: string }[];
}

export interface ContactFilter extends Audience {
  domainId: string;
  status: 'all' | 'subscribed' | 'unsubscribed';
}

/** `%` and `_` typed in a search box are letters, not LIKE wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The account's contacts the plan keeps: the first `limit` by first seen (a later one is held
 * back, neither listed nor mailed, until the plan keeps more), then the filter's conditions.
 * Every query is the account's own: another account's contacts never match.
 */
function filtered(accountId: string, limit: number, filter: ContactFilter) {
  const params: unknown[] = [accountId, limit];
  const where: string[] = ['r.rank <= $2'];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.domainId) where.push(`r.domain_id = ${add(filter.domainId)}`);
  if (filter.query) {
    const p = add(likePattern(filter.query));
    where.push(`(r.email ILIKE ${p} OR r.name ILIKE ${p})`);
  }
  if (filter.questionId) {
    const q = add(filter.questionId);
    const answer = filter.answer ? ` AND a.answer ILIKE ${add(likePattern(filter.answer))}` : '';
    where.push(
      `EXISTS (SELECT 1 FROM marketing_customers mc JOIN marketing_answers a USING (customer_id)
                WHERE mc.domain_id = r.domain_id AND mc.email = r.email AND a.question_id = ${q}${answer})`,
    );
  }
  if (filter.booked !== 'any') where.push(filter.booked === 'yes' ? 'r.bookings > 0' : 'r.bookings = 0');
  if (filter.ordered !== 'any') where.push(filter.ordered === 'yes' ? 'r.orders > 0' : 'r.orders = 0');
  if (filter.status === 'subscribed') where.push('r.unsubscribed_at IS NULL');
  if (filter.status === 'unsubscribed') where.push('r.unsubscribed_at IS NOT NULL');
  const sql = `WITH ranked AS (
      SELECT c.*, row_number() OVER (ORDER BY c.first_seen, c.domain_id, c.email) AS rank
        FROM marketing_contacts c
       WHERE c.account_id = $1
         AND NOT EXISTS (SELECT 1 FROM notification_deleted_domains d WHERE d.domain_id = c.domain_id))
    SELECT r.domain_id, COALESCE(nd.domain, '') AS domain, r.email, r.name, r.first_seen, r.bookings,
           r.orders, r.unsubscribed_at, count(*) OVER () AS total
      FROM ranked r LEFT JOIN notification_domains nd ON nd.domain_id = r.domain_id
     WHERE ${where.join(' AND ')}`;
  return { sql, params, add };
}

interface Row {
  domain_id: string;
  domain: string;
  email: string;
  name: string;
  first_seen: Date;
  bookings: number;
  orders: number;
  unsubscribed_at: Date | null;
  total: string;
}

async function answersOf(db: Pool, rows: Row[]): Promise<Map<string, ContactRow['answers']>> {
  const byContact = new Map<string, ContactRow['answers']>();
  if (!rows.length) return byContact;
  const { rows: answers } = await db.query<{
    domain_id: string;
    email: string;
    question_id: string;
    question: string;
    answer: string;
  }>(
    `SELECT DISTINCT ON (mc.domain_id, mc.email, a.question_id)
            mc.domain_id, mc.email, a.question_id, a.question, a.answer
       FROM marketing_customers mc JOIN marketing_answers a USING (customer_id)
      WHERE (mc.domain_id, mc.email) IN (SELECT * FROM unnest($1::text[], $2::text[]))
      ORDER BY mc.domain_id, mc.email, a.question_id, a.answered_at DESC`,
    [rows.map((r) => r.domain_id), rows.map((r) => r.email)],
  );
  for (const a of answers) {
    const key = `${a.domain_id}\0${a.email}`;
    const list = byContact.get(key) ?? [];
    list.push({ questionId: a.question_id, question: a.question, answer: a.answer });
    byContact.set(key, list);
  }
  return byContact;
}

export async function listContacts(
  db: Pool,
  accountId: string,
  limit: number,
  filter: ContactFilter,
  page: { page: number; pageSize: number },
): Promise<{ data: ContactRow[]; total: number }> {
  const q = filtered(accountId, limit, filter);
  const size = q.add(page.pageSize);
  const offset = q.add((page.page - 1) * page.pageSize);
  const { rows } = await db.query<Row>(
    `${q.sql} ORDER BY r.first_seen DESC, r.email LIMIT ${size} OFFSET ${offset}`,
    q.params,
  );
  const answers = await answersOf(db, rows);
  return {
    total: rows[0] ? Number(rows[0].total) : 0,
    data: rows.map((r) => ({
      domainId: r.domain_id,
      domain: r.domain,
      email: r.email,
      name: r.name,
      firstSeen: r.first_seen.toISOString(),
      bookings: r.bookings,
      orders: r.orders,
      subscribed: r.unsubscribed_at === null,
      unsubscribedAt: r.unsubscribed_at?.toISOString() ?? null,
      answers: answers.get(`${r.domain_id}\0${r.email}`) ?? [],
    })),
  };
}

/** Everyone a campaign goes to now: the domain's kept, subscribed contacts matching its audience. */
export async function recipientsOf(
  db: Pool,
  accountId: string,
  limit: number,
  domainId: string,
  audience: Audience,
): Promise<{ email: string; name: string }[]> {
  const q = filtered(accountId, limit, { ...audience, domainId, status: 'subscribed' });
  const { rows } = await db.query<Row>(`${q.sql} ORDER BY r.first_seen, r.email`, q.params);
  return rows.map((r) => ({ email: r.email, name: r.name }));
}

/** How many contacts the account has in all (kept or held back). */
export async function contactCount(db: Pool, accountId: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM marketing_contacts c
      WHERE c.account_id = $1
        AND NOT EXISTS (SELECT 1 FROM notification_deleted_domains d WHERE d.domain_id = c.domain_id)`,
    [accountId],
  );
  return Number(rows[0]?.n ?? 0);
}

/** The filter questions the account's contacts answered (for the filters' choices). */
export async function answeredQuestions(
  db: Pool,
  accountId: string,
  domainId: string,
): Promise<{ questionId: string; question: string; domainId: string }[]> {
  const { rows } = await db.query<{ question_id: string; question: string; domain_id: string }>(
    `SELECT DISTINCT ON (a.question_id) a.question_id, a.question, mc.domain_id
       FROM marketing_customers mc JOIN marketing_answers a USING (customer_id)
      WHERE mc.account_id = $1 AND ($2 = '' OR mc.domain_id = $2) AND mc.email IS NOT NULL
      ORDER BY a.question_id, a.answered_at DESC`,
    [accountId, domainId],
  );
  return rows.map((r) => ({ questionId: r.question_id, question: r.question, domainId: r.domain_id }));
}

/** Whether the address unsubscribed from the domain's campaigns (the sender asks before each). */
export async function isUnsubscribed(db: Pool, domainId: string, email: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'SELECT 1 FROM marketing_contacts WHERE domain_id = $1 AND email = $2 AND unsubscribed_at IS NOT NULL',
    [domainId, email.trim().toLowerCase()],
  );
  return (rowCount ?? 0) > 0;
}
