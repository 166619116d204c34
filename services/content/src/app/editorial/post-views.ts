import type { PostStatus } from '@parley/contracts/validation';
import { plainTextOf } from '../../domain/editorial/rich-text';

export interface TermRef {
  id: string;
  name: string;
  slug: string;
}

/** A post as the admin lists and edits it. */
export interface PostView {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  coverImageId: string | null;
  coverImageUrl: string | null;
  coverImageAlt: string;
  body?: string;
  authorName: string;
  status: PostStatus;
  publishedAt: string | null;
  category: TermRef | null;
  tags: TermRef[];
  createdAt: string;
  updatedAt: string;
}

/** A published post as anyone reads it: no ids, no drafts' facts. */
export interface PublicPostView {
  slug: string;
  title: string;
  /** The excerpt, or the start of the body when the post has none (listings, share cards). */
  summary: string;
  coverImageUrl: string | null;
  coverImageAlt: string;
  authorName: string;
  publishedAt: string;
  updatedAt: string;
  readingMinutes: number;
  category: Omit<TermRef, 'id'> | null;
  tags: Omit<TermRef, 'id'>[];
  body?: string;
}

export interface PostRow {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  cover_image_id: string | null;
  cover_image_alt: string;
  body: string;
  author_name: string;
  status: PostStatus;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
  category: TermRef | null;
  tags: TermRef[] | null;
}

/** The post's columns with its category and its tags (in the admin's order), one row per post. */
export const POST_SELECT = `
  SELECT p.id, p.title, p.slug, p.excerpt, p.cover_image_id, p.cover_image_alt, p.body, p.author_name,
         p.status, p.published_at, p.created_at, p.updated_at,
         (SELECT json_build_object('id', c.id, 'name', c.name, 'slug', c.slug)
            FROM editorial_categories c WHERE c.id = p.category_id) AS category,
         (SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'slug', t.slug) ORDER BY pt.position)
            FROM blog_post_tags pt JOIN editorial_tags t ON t.id = pt.tag_id WHERE pt.post_id = p.id) AS tags
    FROM blog_posts p`;

export const imageUrl = (id: string | null) => (id ? `/api/images/${encodeURIComponent(id)}` : null);

export function postView(r: PostRow, withBody: boolean): PostView {
  return {
    id: r.id,
    title: r.title,
    slug: r.slug,
    excerpt: r.excerpt,
    coverImageId: r.cover_image_id,
    coverImageUrl: imageUrl(r.cover_image_id),
    coverImageAlt: r.cover_image_alt,
    ...(withBody ? { body: r.body } : {}),
    authorName: r.author_name,
    status: r.status,
    publishedAt: r.published_at?.toISOString() ?? null,
    category: r.category,
    tags: r.tags ?? [],
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

const WORDS_PER_MINUTE = 220;
const publicTerm = ({ name, slug }: TermRef) => ({ name, slug });

export function publicPostView(r: PostRow, withBody: boolean): PublicPostView {
  const words = plainTextOf(r.body, Number.MAX_SAFE_INTEGER).split(' ').filter(Boolean).length;
  return {
    slug: r.slug,
    title: r.title,
    summary: r.excerpt || plainTextOf(r.body, 200),
    coverImageUrl: imageUrl(r.cover_image_id),
    coverImageAlt: r.cover_image_alt,
    authorName: r.author_name,
    publishedAt: (r.published_at ?? r.created_at).toISOString(),
    updatedAt: r.updated_at.toISOString(),
    readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    category: r.category ? publicTerm(r.category) : null,
    tags: (r.tags ?? []).map(publicTerm),
    ...(withBody ? { body: r.body } : {}),
  };
}
