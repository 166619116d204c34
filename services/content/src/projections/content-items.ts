import { contentItemOfSubject, type ContentItemCreated, type ContentItemUpdated } from '@parley/contracts';
import type { Projection } from '@parley/projections';
import { lifecycleOf } from '../domain/items/events';

/**
 * content_items: every live product, help article and appointment type. An item created for a
 * domain that was deleted meanwhile is not listed (the domain's deletion removed its items).
 */
export const contentItemsProjection: Projection = {
  name: 'content-items-v1',
  context: 'content',
  async apply(tx, recorded) {
    const item = contentItemOfSubject(recorded.subject);
    if (!item) return;
    switch (lifecycleOf(item.kind, recorded.type)) {
      case 'created': {
        const e = recorded.data as ContentItemCreated;
        await tx.query(
          `INSERT INTO content_items (id, kind, account_id, domain_id, body, created_at, updated_at)
           SELECT $1, $2, $3, $4, $5, $6, $6
           WHERE EXISTS (SELECT 1 FROM account_domains WHERE domain_id = $4 AND account_id = $3)
           ON CONFLICT (id) DO NOTHING`,
          [item.id, item.kind, e.accountId, e.domainId, JSON.stringify(e.body), e.createdAt],
        );
        break;
      }
      case 'updated': {
        const e = recorded.data as ContentItemUpdated;
        await tx.query('UPDATE content_items SET body = $2, updated_at = $3 WHERE id = $1', [
          item.id,
          JSON.stringify(e.body),
          e.updatedAt,
        ]);
        break;
      }
      case 'deleted':
        await tx.query('DELETE FROM content_items WHERE id = $1', [item.id]);
        break;
      default:
        break;
    }
  },
};
