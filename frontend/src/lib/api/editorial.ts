import { APPLICATION_STATUSES, JOB_STATUSES, JOB_TYPES, POST_STATUSES } from '@parley/contracts/validation';
import { z } from 'zod';
import { api } from './client';

/** The admins' content as the gateway answers it (docs/api/editorial.md). */
const term = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export type TermRef = z.infer<typeof term>;

export const taxonomySchema = term.extend({
  description: z.string().optional(),
  postCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Taxonomy = z.infer<typeof taxonomySchema>;
export type TermKind = 'tag' | 'category';

export const postSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  coverImageId: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  coverImageAlt: z.string(),
  body: z.string().optional(),
  authorName: z.string(),
  status: z.enum(POST_STATUSES),
  publishedAt: z.string().nullable(),
  category: term.nullable(),
  tags: z.array(term),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Post = z.infer<typeof postSchema>;

export const jobSchema = z.object({
  id: z.string(),
  title: z.string(),
  team: z.string(),
  location: z.string(),
  type: z.enum(JOB_TYPES),
  description: z.string(),
  status: z.enum(JOB_STATUSES),
  applications: z.object({ total: z.number(), waiting: z.number() }).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

export const applicationSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  cv: z.object({ filename: z.string(), size: z.number() }),
  noteCount: z.number(),
  submittedAt: z.string(),
  updatedAt: z.string(),
  links: z.array(z.string()).optional(),
  coverLetter: z.string().optional(),
  notes: z
    .array(z.object({ id: z.string(), text: z.string(), authorName: z.string(), createdAt: z.string() }))
    .optional(),
});
export type Application = z.infer<typeof applicationSchema>;

export const overviewSchema = z.object({
  month: z.string(),
  accounts: z.object({ total: z.number(), newThisMonth: z.number() }),
  proSubscriptions: z.number(),
  domains: z.number(),
  conversationsThisMonth: z.number(),
  messagesThisMonth: z.number(),
  applicationsWaiting: z.object({ new: z.number(), reviewing: z.number() }),
});
export type AdminOverviewCounts = z.infer<typeof overviewSchema>;

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
export type Page<T> = { data: T[]; total: number; page: number; pageSize: number };

const one = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** `?a=1&b=x` of the values that are set. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const text = search.toString();
  return text ? `?${text}` : '';
}

const TERM_PATH: Record<TermKind, string> = { tag: '/admin/tags', category: '/admin/categories' };

export const adminApi = {
  overview: (signal?: AbortSignal) =>
    api('/admin/overview', { schema: one(overviewSchema), signal }).then((r) => r.data),

  terms: {
    list: (kind: TermKind, query = '', signal?: AbortSignal) =>
      api(`${TERM_PATH[kind]}${queryString({ query })}`, {
        schema: z.object({ data: z.array(taxonomySchema) }),
        signal,
      }).then((r) => r.data),
    create: (kind: TermKind, body: unknown) =>
      api(TERM_PATH[kind], { method: 'POST', body, schema: one(taxonomySchema) }).then((r) => r.data),
    update: (kind: TermKind, id: string, body: unknown) =>
      api(`${TERM_PATH[kind]}/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body,
        schema: one(taxonomySchema),
      }).then((r) => r.data),
    remove: (kind: TermKind, id: string) =>
      api(`${TERM_PATH[kind]}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  },

  posts: {
    list: (params: Record<string, string | number | undefined>, signal?: AbortSignal) =>
      api(`/admin/posts${queryString(params)}`, { schema: pageOf(postSchema), signal }),
    get: (id: string, signal?: AbortSignal) =>
      api(`/admin/posts/${encodeURIComponent(id)}`, { schema: one(postSchema), signal }).then((r) => r.data),
    create: (body: unknown) =>
      api('/admin/posts', { method: 'POST', body, schema: one(postSchema) }).then((r) => r.data),
    update: (id: string, body: unknown) =>
      api(`/admin/posts/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: one(postSchema) }).then(
        (r) => r.data,
      ),
    remove: (id: string) => api(`/admin/posts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  },

  jobs: {
    list: (params: Record<string, string | number | undefined>, signal?: AbortSignal) =>
      api(`/admin/jobs${queryString(params)}`, { schema: pageOf(jobSchema), signal }),
    create: (body: unknown) =>
      api('/admin/jobs', { method: 'POST', body, schema: one(jobSchema) }).then((r) => r.data),
    update: (id: string, body: unknown) =>
      api(`/admin/jobs/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: one(jobSchema) }).then(
        (r) => r.data,
      ),
    remove: (id: string) => api(`/admin/jobs/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  },

  applications: {
    list: (params: Record<string, string | number | undefined>, signal?: AbortSignal) =>
      api(`/admin/applications${queryString(params)}`, { schema: pageOf(applicationSchema), signal }),
    get: (id: string, signal?: AbortSignal) =>
      api(`/admin/applications/${encodeURIComponent(id)}`, { schema: one(applicationSchema), signal }).then(
        (r) => r.data,
      ),
    setStatus: (id: string, status: string) =>
      api(`/admin/applications/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { status },
        schema: one(applicationSchema),
      }).then((r) => r.data),
    addNote: (id: string, text: string) =>
      api(`/admin/applications/${encodeURIComponent(id)}/notes`, {
        method: 'POST',
        body: { text },
        schema: one(applicationSchema),
      }).then((r) => r.data),
    cvUrl: (id: string) => `/api/admin/applications/${encodeURIComponent(id)}/cv`,
  },
};
