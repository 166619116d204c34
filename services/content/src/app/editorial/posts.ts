import { randomUUID } from 'node:crypto';
import { contentError } from '@parley/contracts';
import {
  adminPostsQuerySchema,
  blogPostSchema,
  EDITORIAL_MESSAGES,
  publicPostsQuerySchema,
  richTextIsEmpty,
  slugify,
  type BlogPostInput,
} from '@parley/contracts/validation';
import { foldEvents } from '@parley/eventstore';
import { postDecider, postNotFound, type PostContent } from '../../domain/editorial/post';
import { sanitizeRichText } from '../../domain/editorial/rich-text';
import { tsQueryOf } from '../search';
import type { Caller, ContentDeps } from '../deps';
import { isUuid, parseInput, requireAdmin, runEditorial, type Page } from './guards';
import {
  POST_SELECT,
  postView,
  publicPostView,
  type PostRow,
  type PostView,
  type PublicPostView,
} from './post-views';
import { claimSlug, releaseSlug } from './slugs';

const SLUG_TAKEN = 'Another post already has this address';
const slugTaken = () =>
  contentError('conflict', SLUG_TAKEN, 'SLUG_TAKEN', [{ field: 'slug', message: SLUG_TAKEN }]);
const postHolder = {
  aggregate: 'post',
  currentSlug: (events: { type: string; data: unknown }[]) => {
    const state = foldEvents(postDecider, events as never);
    return state.status === 'none' || state.status === 'deleted' ? null : (state.content?.slug ?? null);
  },
};

const invalid = (field: string, message: string) =>
  contentError('validation', message, 'VALIDATION', [{ field, message }]);

/**
 * The post as it is kept: its body sanitised (and judged again: sanitising may leave a published
 * post with nothing to say), its slug the admin's or the title's, its tags, category and cover
 * image ones that exist.
 */
async function contentOf(
  deps: ContentDeps,
  caller: Caller,
  id: string,
  input: BlogPostInput,
): Promise<PostContent> {
  const body = sanitizeRichText(input.body);
  if (input.status === 'published' && richTextIsEmpty(body))
    throw invalid('body', EDITORIAL_MESSAGES.postBody);
  const tagIds = [...new Set(input.tagIds.map((t) => t.toLowerCase()))];
  if (tagIds.length) {
    const known = tagIds.every(isUuid)
      ? (await deps.pool.query('SELECT 1 FROM editorial_tags WHERE id = ANY($1::uuid[])', [tagIds])).rowCount
      : 0;
    if (known !== tagIds.length) throw invalid('tagIds', 'Tag not found');
  }
  const categoryId = input.categoryId?.toLowerCase() ?? null;
  if (categoryId) {
    const known =
      isUuid(categoryId) &&
      (await deps.pool.query('SELECT 1 FROM editorial_categories WHERE id = $1', [categoryId])).rowCount;
    if (!known) throw invalid('categoryId', 'Category not found');
  }
  const coverImageId = input.coverImageId?.toLowerCase() ?? null;
  if (coverImageId) await requireAdminImage(deps, caller, coverImageId);
  return {
    title: input.title,
    slug: input.slug || slugify(input.title) || `post-${id.slice(0, 8)}`,
    excerpt: input.excerpt,
    coverImageId,
    coverImageAlt: coverImageId ? input.coverImageAlt : '',
    body,
    tagIds,
    categoryId,
    authorName: input.authorName,
  };
}

/** A cover is an image the caller uploaded, or any admin did (several admins edit one blog). */
async function requireAdminImage(deps: ContentDeps, caller: Caller, imageId: string): Promise<void> {
  const known =
    isUuid(imageId) &&
    (
      await deps.pool.query(
        `SELECT 1 FROM images i WHERE i.id = $1 AND (i.account_id = $2 OR EXISTS
           (SELECT 1 FROM platform_users u WHERE u.user_id = i.uploaded_by AND u.role = 'ADMIN'))`,
        [imageId, caller.accountId],
      )
    ).rowCount;
  if (!known) throw invalid('coverImageId', 'Image not found');
}

async function readPost(deps: ContentDeps, id: string): Promise<PostRow> {
  if (!isUuid(id)) throw postNotFound();
  const { rows } = await deps.pool.query<PostRow>(`${POST_SELECT} WHERE p.id = $1`, [id]);
  if (!rows[0]) throw postNotFound();
  return rows[0];
}

export async function getPost(deps: ContentDeps, caller: Caller, id: string): Promise<PostView> {
  requireAdmin(caller);
  return postView(await readPost(deps, id), true);
}

export async function createPost(deps: ContentDeps, caller: Caller, json: string): Promise<PostView> {
  requireAdmin(caller);
  const input = parseInput(blogPostSchema, json);
  const id = randomUUID();
  const content = await contentOf(deps, caller, id, input);
  await claimSlug(deps, 'post', content.slug, id, postHolder, slugTaken, caller.userId);
  await runEditorial(
    deps,
    'post',
    id,
    postDecider,
    { type: 'Create', content, status: input.status, actorId: caller.userId, now: deps.clock() },
    caller.userId,
  );
  return getPost(deps, caller, id);
}

export async function updatePost(
  deps: ContentDeps,
  caller: Caller,
  id: string,
  json: string,
): Promise<PostView> {
  requireAdmin(caller);
  const before = await readPost(deps, id);
  const input = parseInput(blogPostSchema, json);
  const content = await contentOf(deps, caller, id, input);
  const moved = content.slug !== before.slug;
  if (moved) await claimSlug(deps, 'post', content.slug, id, postHolder, slugTaken, caller.userId);
  await runEditorial(
    deps,
    'post',
    id,
    postDecider,
    { type: 'Revise', content, status: input.status, actorId: caller.userId, now: deps.clock() },
    caller.userId,
  );
  if (moved) await releaseSlug(deps, 'post', before.slug, id, caller.userId);
  return getPost(deps, caller, id);
}

export async function deletePost(deps: ContentDeps, caller: Caller, id: string): Promise<void> {
  requireAdmin(caller);
  const before = await readPost(deps, id);
  await runEditorial(
    deps,
    'post',
    id,
    postDecider,
    { type: 'Delete', actorId: caller.userId, now: deps.clock() },
    caller.userId,
  );
  await releaseSlug(deps, 'post', before.slug, id, caller.userId);
}

/** The admin's list: newest change first; by status, category, tag and full-text search. */
export async function listPosts(
  deps: ContentDeps,
  caller: Caller,
  queryJson: string,
): Promise<Page<PostView>> {
  requireAdmin(caller);
  const q = parseInput(adminPostsQuerySchema, queryJson);
  const where: string[] = [];
  const params: unknown[] = [];
  const tsQuery = tsQueryOf(q.query);
  if (tsQuery) {
    params.push(tsQuery);
    where.push(`p.search @@ to_tsquery('simple', $${params.length})`);
  }
  if (q.status) {
    params.push(q.status);
    where.push(`p.status = $${params.length}`);
  }
  if (q.categoryId) {
    if (!isUuid(q.categoryId)) return { data: [], total: 0, page: q.page, pageSize: q.pageSize };
    params.push(q.categoryId);
    where.push(`p.category_id = $${params.length}`);
  }
  if (q.tagId) {
    if (!isUuid(q.tagId)) return { data: [], total: 0, page: q.page, pageSize: q.pageSize };
    params.push(q.tagId);
    where.push(
      `EXISTS (SELECT 1 FROM blog_post_tags pt WHERE pt.post_id = p.id AND pt.tag_id = $${params.length})`,
    );
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const order = tsQuery
    ? `ts_rank(p.search, to_tsquery('simple', $1)) DESC, p.updated_at DESC, p.id`
    : 'p.updated_at DESC, p.id';
  return pageOf(deps, filter, order, params, q, (r) => postView(r, false));
}

async function pageOf<T>(
  deps: ContentDeps,
  filter: string,
  order: string,
  params: unknown[],
  q: { page: number; pageSize: number },
  map: (r: PostRow) => T,
): Promise<Page<T>> {
  const [{ rows }, count] = await Promise.all([
    deps.pool.query<PostRow>(
      `${POST_SELECT} ${filter} ORDER BY ${order} LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
      params,
    ),
    deps.pool.query<{ total: string }>(`SELECT count(*) AS total FROM blog_posts p ${filter}`, params),
  ]);
  return {
    data: rows.map(map),
    total: Number(count.rows[0]?.total ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** /blog: published posts, newest first, by category and tag slug. */
export async function listPublishedPosts(
  deps: ContentDeps,
  queryJson: string,
): Promise<Page<PublicPostView>> {
  const q = parseInput(publicPostsQuerySchema, queryJson);
  const where = [`p.status = 'published'`];
  const params: unknown[] = [];
  if (q.category) {
    params.push(q.category);
    where.push(
      `EXISTS (SELECT 1 FROM editorial_categories c WHERE c.id = p.category_id AND c.slug = $${params.length})`,
    );
  }
  if (q.tag) {
    params.push(q.tag);
    where.push(
      `EXISTS (SELECT 1 FROM blog_post_tags pt JOIN editorial_tags t ON t.id = pt.tag_id
                WHERE pt.post_id = p.id AND t.slug = $${params.length})`,
    );
  }
  return pageOf(deps, `WHERE ${where.join(' AND ')}`, 'p.published_at DESC, p.id', params, q, (r) =>
    publicPostView(r, false),
  );
}

/** /blog/{slug}: a published post; a draft or an unknown slug is not found. */
export async function getPublishedPost(deps: ContentDeps, slug: string): Promise<PublicPostView> {
  const { rows } = await deps.pool.query<PostRow>(
    `${POST_SELECT} WHERE p.slug = $1 AND p.status = 'published'`,
    [slug.toLowerCase()],
  );
  if (!rows[0]) throw postNotFound();
  return publicPostView(rows[0], true);
}

export interface PublicTermView {
  name: string;
  slug: string;
  description?: string;
  postCount: number;
}

/** The blog's filters: categories and tags that published posts have, with how many. */
export async function listPublicTerms(
  deps: ContentDeps,
): Promise<{ categories: PublicTermView[]; tags: PublicTermView[] }> {
  const [categories, tags] = await Promise.all([
    deps.pool.query<{ name: string; slug: string; description: string; post_count: string }>(
      `SELECT c.name, c.slug, c.description, count(*) AS post_count
         FROM editorial_categories c JOIN blog_posts p ON p.category_id = c.id AND p.status = 'published'
        GROUP BY c.id ORDER BY lower(c.name)`,
    ),
    deps.pool.query<{ name: string; slug: string; post_count: string }>(
      `SELECT t.name, t.slug, count(*) AS post_count
         FROM editorial_tags t JOIN blog_post_tags pt ON pt.tag_id = t.id
         JOIN blog_posts p ON p.id = pt.post_id AND p.status = 'published'
        GROUP BY t.id ORDER BY lower(t.name)`,
    ),
  ]);
  return {
    categories: categories.rows.map((r) => ({
      name: r.name,
      slug: r.slug,
      description: r.description,
      postCount: Number(r.post_count),
    })),
    tags: tags.rows.map((r) => ({ name: r.name, slug: r.slug, postCount: Number(r.post_count) })),
  };
}
