import { businessHoursSchema } from '@parley/contracts';
import { LRUCache } from 'lru-cache';
import { domainConfigSchema } from '@parley/contracts/validation';
import type { Pool } from 'pg';
import type {
  AppointmentTypeItem,
  ArticleItem,
  DomainKnowledge,
  FilterQuestionItem,
  ProductItem,
} from './model';

interface DomainRow {
  domain_id: string;
  account_id: string;
  domain: string;
  welcome_message: string;
  currency: string;
  payments_on: boolean;
  config: unknown;
  business_hours: unknown;
  revision: string | null;
}

/**
 * Loads a domain's knowledge from the read model. Every load first reads the domain's revision
 * (one primary-key lookup) and returns the copy it holds when that is current, so a change the
 * projection committed — on whichever replica runs it — is seen by the next message on every
 * replica, while an unchanged domain costs no more than that lookup.
 */
export class KnowledgeStore {
  private readonly cache: LRUCache<string, DomainKnowledge>;

  constructor(
    private readonly pool: Pool,
    /** Domains kept in memory; the least recently used goes first. */
    maxDomains = 1000,
  ) {
    this.cache = new LRUCache({ max: maxDomains });
  }

  /** The domain's knowledge, or null when the domain is unknown, deleted or not `accountId`'s. */
  async load(domainId: string, accountId: string): Promise<DomainKnowledge | null> {
    const { rows } = await this.pool.query<DomainRow>(
      `SELECT d.domain_id, d.account_id, d.domain, d.welcome_message, d.currency, d.config, d.business_hours, r.revision,
              d.payment_enabled AND coalesce(p.charges_enabled, false) AS payments_on
       FROM knowledge_domains d LEFT JOIN knowledge_revisions r USING (domain_id)
            LEFT JOIN knowledge_payouts p ON p.account_id = d.account_id
       WHERE d.domain_id = $1 AND d.account_id = $2 AND NOT d.deleted`,
      [domainId, accountId],
    );
    const row = rows[0];
    if (!row) {
      this.cache.delete(domainId);
      return null;
    }
    const revision = Number(row.revision ?? 0);
    const cached = this.cache.get(domainId);
    if (cached && cached.revision === revision && cached.accountId === accountId) return cached;
    const knowledge = await this.read(row, revision);
    this.remember(knowledge);
    return knowledge;
  }

  /** Whether the read model has seen the domain at all (deleted and other accounts' count). */
  async isKnown(domainId: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM knowledge_domains WHERE domain_id = $1', [
      domainId,
    ]);
    return (rowCount ?? 0) > 0;
  }

  private async read(row: DomainRow, revision: number): Promise<DomainKnowledge> {
    const [questions, items] = await Promise.all([
      this.pool.query<{ question_id: string; question: string; answer: string }>(
        `SELECT question_id, question, answer FROM knowledge_filter_questions
         WHERE domain_id = $1 ORDER BY position, question_id`,
        [row.domain_id],
      ),
      this.pool.query<{ kind: string; body: unknown }>(
        `SELECT kind, body FROM knowledge_items
         WHERE domain_id = $1 AND account_id = $2 AND published ORDER BY position, item_id`,
        [row.domain_id, row.account_id],
      ),
    ]);
    const config = domainConfigSchema.safeParse(row.config);
    const hours = row.business_hours ? businessHoursSchema.safeParse(row.business_hours) : null;
    const byKind = (kind: string) => items.rows.filter((r) => r.kind === kind).map((r) => r.body);
    return {
      domainId: row.domain_id,
      revision,
      accountId: row.account_id,
      domain: row.domain,
      welcomeMessage: row.welcome_message,
      currency: row.currency,
      paymentsOn: row.payments_on,
      config: row.config && config.success ? config.data : null,
      businessHours: hours?.success ? hours.data : null,
      filterQuestions: questions.rows.map((q): FilterQuestionItem => ({
        id: q.question_id,
        question: q.question,
        answer: q.answer,
      })),
      articles: byKind('article') as ArticleItem[],
      products: byKind('product') as ProductItem[],
      appointmentTypes: byKind('appointment') as AppointmentTypeItem[],
    };
  }

  private remember(knowledge: DomainKnowledge) {
    this.cache.set(knowledge.domainId, knowledge);
  }
}
