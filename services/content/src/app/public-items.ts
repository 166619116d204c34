import { type ContentKind, contentError } from '@parley/contracts';
import type { ContentDeps } from './deps';
import { isUuid } from './guards';
import { itemView, type ItemRow, type ItemView } from './items';

/** A page of product cards is small; anything longer is a caller's mistake, not a read. */
export const MAX_PUBLIC_IDS = 100;

/** An unpublished help article is a draft: no visitor sees it. Other kinds are always public. */
const PUBLISHED = `(kind <> 'article' OR coalesce((body->>'isPublished')::boolean, true))`;

/**
 * What a site visitor's widget may list of a domain. Articles come pinned first; otherwise in the
 * order they were added, as the dashboard lists them.
 */
export async function listPublishedItems(
  deps: ContentDeps,
  kind: ContentKind,
  domainId: string,
): Promise<ItemView[]> {
  const { rows } = await deps.pool.query<ItemRow>(
    `SELECT id, kind, domain_id, body, created_at, updated_at FROM content_items
      WHERE domain_id = $1 AND kind = $2 AND ${PUBLISHED}
      ORDER BY coalesce((body->>'isPinned')::boolean, false) DESC, created_at, id`,
    [domainId, kind],
  );
  return rows.map(itemView);
}

/** The public items of a domain among `ids`, in the order asked; unknown ids are left out. */
export async function getPublicItems(
  deps: ContentDeps,
  kind: ContentKind,
  domainId: string,
  ids: readonly string[],
): Promise<ItemView[]> {
  if (ids.length > MAX_PUBLIC_IDS) {
    throw contentError('validation', `At most ${MAX_PUBLIC_IDS} ids`, 'VALIDATION');
  }
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return [];
  const { rows } = await deps.pool.query<ItemRow>(
    `SELECT id, kind, domain_id, body, created_at, updated_at FROM content_items
      WHERE domain_id = $1 AND kind = $2 AND id = ANY($3::uuid[]) AND ${PUBLISHED}`,
    [domainId, kind, wanted],
  );
  const byId = new Map(rows.map((r) => [r.id, itemView(r)]));
  return wanted.flatMap((id) => byId.get(id.toLowerCase()) ?? []);
}
