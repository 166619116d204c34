import {
  businessHoursUpdatedSchema,
  DomainsEvent,
  domainAddedSchema,
  domainConfigSavedSchema,
  domainDeletedSchema,
  domainSettingsUpdatedSchema,
  filterQuestionAddedSchema,
  filterQuestionDeletedSchema,
} from '@parley/contracts';
import type { Projection } from '@parley/projections';
import { DEFAULT_CURRENCY } from './model';
import { bumpRevision } from './revision';

/** domains.domain.<domainId> */
const domainIdOf = (subject: string) => subject.slice(subject.lastIndexOf('.') + 1);

/**
 * The domains half of the knowledge read model: which account a domain belongs to, its welcome
 * message, currency and payments switch, its bot configuration, business hours and filter questions. Every
 * change raises the revision. A deleted domain keeps a tombstone row so nothing of it comes back.
 * v2: built again from the start for the payments switch (migration 006); applying an event twice
 * changes nothing.
 */
export const domainsKnowledgeProjection: Projection = {
  name: 'assistant-domains-v2',
  context: 'domains',
  aggregate: 'domain',
  async apply(tx, recorded) {
    const domainId = domainIdOf(recorded.subject);
    switch (recorded.type) {
      case DomainsEvent.DomainAdded: {
        const e = domainAddedSchema.parse(recorded.data);
        await tx.query(
          `INSERT INTO knowledge_domains (domain_id, account_id, domain) VALUES ($1, $2, $3)
           ON CONFLICT (domain_id) DO NOTHING`,
          [e.domainId, e.accountId, e.domain],
        );
        break;
      }
      case DomainsEvent.DomainSettingsUpdated: {
        const e = domainSettingsUpdatedSchema.parse(recorded.data);
        const currency = typeof e.settings.currency === 'string' ? e.settings.currency : DEFAULT_CURRENCY;
        await tx.query(
          `UPDATE knowledge_domains SET welcome_message = $2, currency = $3, payment_enabled = $4
           WHERE domain_id = $1`,
          [domainId, e.settings.welcomeMessage, currency, e.settings.paymentEnabled === true],
        );
        break;
      }
      case DomainsEvent.DomainConfigSaved: {
        const e = domainConfigSavedSchema.parse(recorded.data);
        await tx.query(`UPDATE knowledge_domains SET config = $2 WHERE domain_id = $1`, [
          domainId,
          JSON.stringify(e.config),
        ]);
        break;
      }
      case DomainsEvent.BusinessHoursUpdated: {
        const e = businessHoursUpdatedSchema.parse(recorded.data);
        await tx.query(`UPDATE knowledge_domains SET business_hours = $2 WHERE domain_id = $1`, [
          domainId,
          JSON.stringify(e.businessHours),
        ]);
        break;
      }
      case DomainsEvent.FilterQuestionAdded: {
        const e = filterQuestionAddedSchema.parse(recorded.data);
        await tx.query(
          `INSERT INTO knowledge_filter_questions (domain_id, question_id, question, answer, position)
           SELECT $1, $2, $3, $4, $5 WHERE EXISTS
             (SELECT 1 FROM knowledge_domains WHERE domain_id = $1 AND NOT deleted)
           ON CONFLICT (domain_id, question_id) DO NOTHING`,
          [domainId, e.questionId, e.question, e.answer, recorded.sequence],
        );
        break;
      }
      case DomainsEvent.FilterQuestionDeleted: {
        const e = filterQuestionDeletedSchema.parse(recorded.data);
        await tx.query(`DELETE FROM knowledge_filter_questions WHERE domain_id = $1 AND question_id = $2`, [
          domainId,
          e.questionId,
        ]);
        break;
      }
      case DomainsEvent.DomainDeleted: {
        const e = domainDeletedSchema.parse(recorded.data);
        await tx.query(`DELETE FROM knowledge_filter_questions WHERE domain_id = $1`, [e.domainId]);
        await tx.query(`DELETE FROM knowledge_items WHERE domain_id = $1`, [e.domainId]);
        await tx.query(
          `UPDATE knowledge_domains SET deleted = true, welcome_message = '', config = NULL
           WHERE domain_id = $1 AND account_id = $2`,
          [e.domainId, e.accountId],
        );
        break;
      }
      default:
        // Widget home settings and anything newer: not knowledge.
        return;
    }
    await bumpRevision(tx, domainId);
  },
};
