import {
  contentItemOfSubject,
  ContentEvent,
  type ContentItemCreated,
  type ContentItemUpdated,
} from '@parley/contracts';
import type { Projection } from '@parley/projections';
import type { PoolClient } from 'pg';
import { knownItem } from './content-items';
import { bumpRevision } from './revision';

async function domainOfItem(tx: PoolClient, itemId: string): Promise<string | undefined> {
  const { rows } = await tx.query<{ domain_id: string }>(
    'SELECT domain_id FROM knowledge_items WHERE item_id = $1',
    [itemId],
  );
  return rows[0]?.domain_id;
}

/**
 * The content half of the knowledge read model: products, help articles (unpublished ones kept
 * but not loaded) and appointment types. Items of a deleted domain are not taken in. Every
 * change raises the domain's revision.
 */
export const contentKnowledgeProjection: Projection = {
  name: 'assistant-content-v1',
  context: 'content',
  async apply(tx, recorded) {
    const ref = contentItemOfSubject(recorded.subject);
    if (!ref) return;
    const names = ContentEvent[ref.kind];
    let domainId: string | undefined;
    if (recorded.type === names.created) {
      const e = recorded.data as ContentItemCreated;
      const known = knownItem(ref.kind, ref.id, e.body);
      const { rowCount } = await tx.query(
        `INSERT INTO knowledge_items (item_id, kind, domain_id, account_id, body, published, position)
         SELECT $1, $2, $3, $4, $5, $6, $7
         WHERE NOT EXISTS (SELECT 1 FROM knowledge_domains WHERE domain_id = $3 AND deleted)
         ON CONFLICT (item_id) DO NOTHING`,
        [
          ref.id,
          ref.kind,
          e.domainId,
          e.accountId,
          JSON.stringify(known.item),
          known.published,
          recorded.sequence,
        ],
      );
      if (rowCount) domainId = e.domainId;
    } else if (recorded.type === names.updated) {
      const e = recorded.data as ContentItemUpdated;
      const known = knownItem(ref.kind, ref.id, e.body);
      domainId = await domainOfItem(tx, ref.id);
      await tx.query('UPDATE knowledge_items SET body = $2, published = $3 WHERE item_id = $1', [
        ref.id,
        JSON.stringify(known.item),
        known.published,
      ]);
    } else if (recorded.type === names.deleted) {
      domainId = await domainOfItem(tx, ref.id);
      await tx.query('DELETE FROM knowledge_items WHERE item_id = $1', [ref.id]);
    }
    if (domainId) await bumpRevision(tx, domainId);
  },
};
