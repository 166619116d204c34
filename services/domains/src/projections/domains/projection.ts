import type { Projection } from '@parley/projections';
import type { PoolClient } from 'pg';
import { asDomainEvent } from '../../app/recorded';
import { DomainEventType as T } from '../../domain/domain/events';
import { defaultDomainSettings, defaultHomeSettings } from '../../domain/domain/state';

/**
 * domains + filter_questions: what the owner's screens and the assistant read. A deleted domain's
 * rows go (its questions with it, by the foreign key's cascade).
 */
export const domainsProjection: Projection = {
  name: 'domains-domains-v1',
  context: 'domains',
  aggregate: 'domain',
  async apply(tx: PoolClient, recorded) {
    const event = asDomainEvent(recorded);
    if (!event) return;
    const domainId = recorded.subject.split('.').at(-1)!;
    switch (event.type) {
      case T.Added: {
        await tx.query(
          `INSERT INTO domains (id, account_id, domain, added_by, settings, home_settings, config, created_at, updated_at, position)
           VALUES ($1, $2, $3, $4, $5, $6, NULL, $7, $7, $8)
           ON CONFLICT (id) DO NOTHING`,
          [
            domainId,
            event.data.accountId,
            event.data.domain,
            event.data.addedBy,
            JSON.stringify(defaultDomainSettings()),
            JSON.stringify(defaultHomeSettings()),
            event.data.addedAt,
            recorded.sequence,
          ],
        );
        return;
      }
      case T.SettingsUpdated:
        await tx.query('UPDATE domains SET settings = $2, updated_at = $3 WHERE id = $1', [
          domainId,
          JSON.stringify(event.data.settings),
          event.data.updatedAt,
        ]);
        return;
      case T.HomeSettingsUpdated:
        await tx.query('UPDATE domains SET home_settings = $2, updated_at = $3 WHERE id = $1', [
          domainId,
          JSON.stringify(event.data.homeSettings),
          event.data.updatedAt,
        ]);
        return;
      case T.ConfigSaved:
        await tx.query('UPDATE domains SET config = $2, updated_at = $3 WHERE id = $1', [
          domainId,
          JSON.stringify(event.data.config),
          event.data.savedAt,
        ]);
        return;
      case T.BusinessHoursUpdated:
        await tx.query('UPDATE domains SET business_hours = $2, updated_at = $3 WHERE id = $1', [
          domainId,
          JSON.stringify(event.data.businessHours),
          event.data.updatedAt,
        ]);
        return;
      case T.FilterQuestionAdded:
        await tx.query(
          `INSERT INTO filter_questions (id, domain_id, account_id, question, answer, added_by, created_at, position)
           SELECT $1, d.id, d.account_id, $3, $4, $5, $6, $7 FROM domains d WHERE d.id = $2
           ON CONFLICT (id) DO NOTHING`,
          [
            event.data.questionId,
            domainId,
            event.data.question,
            event.data.answer,
            event.data.addedBy,
            event.data.addedAt,
            recorded.sequence,
          ],
        );
        return;
      case T.FilterQuestionDeleted:
        await tx.query('DELETE FROM filter_questions WHERE id = $1 AND domain_id = $2', [
          event.data.questionId,
          domainId,
        ]);
        return;
      case T.Deleted:
        await tx.query('DELETE FROM domains WHERE id = $1', [domainId]);
        return;
    }
  },
};
