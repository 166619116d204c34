import { randomUUID } from 'node:crypto';
import { EditorialEvent, contentError } from '@parley/contracts';
import { adminListQuerySchema, categorySchema, slugify, tagSchema } from '@parley/contracts/validation';
import { foldEvents } from '@parley/eventstore';
import {
  documentDecider,
  documentNotFound,
  type DocumentBody,
  type DocumentNames,
} from '../../domain/editorial/documents';
import type { Caller, ContentDeps } from '../deps';
import { isUuid, likePattern, parseInput, requireAdmin, runEditorial } from './guards';
import { claimSlug, releaseSlug } from './slugs';

export type TaxonomyKind = 'tag' | 'category';

interface KindFacts {
  names: DocumentNames;
  table: 'editorial_tags' | 'editorial_categories';
  /** Posts per row: tags through blog_post_tags, categories by blog_posts.category_id. */
  postCount: string;
  taken: string;
  parse(json: string): Omit<DocumentBody, 'slug'>;
}

const KINDS: Record<TaxonomyKind, KindFacts> = {
  tag: {
    names: {
      created: EditorialEvent.TagCreated,
      updated: EditorialEvent.TagRenamed,
      deleted: EditorialEvent.TagDeleted,
      noun: 'Tag',
    },
    table: 'editorial_tags',
    postCount: '(SELECT count(*) FROM blog_post_tags pt WHERE pt.tag_id = t.id)',
    taken: 'A tag with this name already exists',
    parse: (json) => parseInput(tagSchema, json),
  },
  category: {
    names: {
      created: EditorialEvent.CategoryCreated,
      updated: EditorialEvent.CategoryUpdated,
      deleted: EditorialEvent.CategoryDeleted,
      noun: 'Category',
    },
    table: 'editorial_categories',
    postCount: '(SELECT count(*) FROM blog_posts p WHERE p.category_id = t.id)',
    taken: 'A category with this name already exists',
    parse: (json) => parseInput(categorySchema, json),
  },
};

export interface TaxonomyView {
  id: string;
  name: string;
  slug: string;
  description?: string;
  postCount: number;
  createdAt: string;
  updatedAt: string;
}

interface Row {
  id: string;
  name: string;
  slug: string;
  description?: string;
  post_count: string;
  created_at: Date;
  updated_at: Date;
}

const view = (kind: TaxonomyKind, r: Row): TaxonomyView => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  ...(kind === 'category' ? { description: r.description ?? '' } : {}),
  postCount: Number(r.post_count),
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

const columns = (kind: TaxonomyKind) =>
  `t.id, t.name, t.slug, ${kind === 'category' ? 't.description, ' : ''}${KINDS[kind].postCount} AS post_count, t.created_at, t.updated_at`;

/** Every tag or category, by name; `query` narrows to names holding it. */
export async function listTaxonomy(
  deps: ContentDeps,
  caller: Caller,
  kind: TaxonomyKind,
  queryJson: string,
): Promise<TaxonomyView[]> {
  requireAdmin(caller);
  const { query } = parseInput(adminListQuerySchema, queryJson);
  const { rows } = await deps.pool.query<Row>(
    `SELECT ${columns(kind)} FROM ${KINDS[kind].table} t
      WHERE $1 = '' OR t.name ILIKE $2 ORDER BY lower(t.name), t.id`,
    [query, likePattern(query)],
  );
  return rows.map((r) => view(kind, r));
}

export async function getTaxonomy(
  deps: ContentDeps,
  caller: Caller,
  kind: TaxonomyKind,
  id: string,
): Promise<TaxonomyView> {
  requireAdmin(caller);
  return readTaxonomy(deps, kind, id);
}

async function readTaxonomy(deps: ContentDeps, kind: TaxonomyKind, id: string): Promise<TaxonomyView> {
  if (!isUuid(id)) throw documentNotFound(KINDS[kind].names.noun);
  const { rows } = await deps.pool.query<Row>(
    `SELECT ${columns(kind)} FROM ${KINDS[kind].table} t WHERE t.id = $1`,
    [id],
  );
  if (!rows[0]) throw documentNotFound(KINDS[kind].names.noun);
  return view(kind, rows[0]);
}

const slugHolder = (kind: TaxonomyKind) => ({
  aggregate: kind,
  currentSlug: (events: { type: string; data: unknown }[]) => {
    const state = foldEvents(documentDecider(KINDS[kind].names), events as never);
    return state.status === 'active' ? (state.body?.slug ?? null) : null;
  },
});

const takenError = (kind: TaxonomyKind) => () =>
  contentError('conflict', KINDS[kind].taken, 'NAME_TAKEN', [{ field: 'name', message: KINDS[kind].taken }]);

/** The body with its slug: the name's, or `<kind>-<id>` for a name with no Latin letters or digits. */
function withSlug(kind: TaxonomyKind, id: string, body: Omit<DocumentBody, 'slug'>): DocumentBody {
  return { ...body, slug: slugify(String(body.name)) || `${kind}-${id.slice(0, 8)}` };
}

export async function createTaxonomy(
  deps: ContentDeps,
  caller: Caller,
  kind: TaxonomyKind,
  json: string,
): Promise<TaxonomyView> {
  requireAdmin(caller);
  const id = randomUUID();
  const body = withSlug(kind, id, KINDS[kind].parse(json));
  await claimSlug(deps, kind, body.slug, id, slugHolder(kind), takenError(kind), caller.userId);
  await runEditorial(
    deps,
    kind,
    id,
    documentDecider(KINDS[kind].names),
    { type: 'Create', body, actorId: caller.userId, now: deps.clock() },
    caller.userId,
  );
  return readTaxonomy(deps, kind, id);
}

export async function updateTaxonomy(
  deps: ContentDeps,
  caller: Caller,
  kind: TaxonomyKind,
  id: string,
  json: string,
): Promise<TaxonomyView> {
  requireAdmin(caller);
  const before = await readTaxonomy(deps, kind, id);
  const body = withSlug(kind, id, KINDS[kind].parse(json));
  if (body.slug !== before.slug)
    await claimSlug(deps, kind, body.slug, id, slugHolder(kind), takenError(kind), caller.userId);
  await runEditorial(
    deps,
    kind,
    id,
    documentDecider(KINDS[kind].names),
    { type: 'Update', body, actorId: caller.userId, now: deps.clock() },
    caller.userId,
  );
  if (body.slug !== before.slug) await releaseSlug(deps, kind, before.slug, id, caller.userId);
  return readTaxonomy(deps, kind, id);
}

/** Posts keep going without it: a tag leaves their tags, a category leaves them uncategorised. */
export async function deleteTaxonomy(
  deps: ContentDeps,
  caller: Caller,
  kind: TaxonomyKind,
  id: string,
): Promise<void> {
  requireAdmin(caller);
  const before = await readTaxonomy(deps, kind, id);
  await runEditorial(
    deps,
    kind,
    id,
    documentDecider(KINDS[kind].names),
    { type: 'Delete', actorId: caller.userId, now: deps.clock() },
    caller.userId,
  );
  await releaseSlug(deps, kind, before.slug, id, caller.userId);
}
