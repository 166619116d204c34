// Server-side reads of the public blog and careers (server components), straight to the gateway.
import { z } from 'zod';
import { ApiError } from '../api/errors';
import { openJobSchema, publicPostPageSchema, publicPostSchema, topicsSchema } from '../api/public-content';
import { gatewayJson } from './gateway';

const qs = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v));
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** Undefined for a 404 (a draft, a closed listing, an unknown address); other failures throw. */
async function orMissing<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return undefined;
    throw e;
  }
}

export const BLOG_PAGE_SIZE = 9;

export const publishedPosts = (q: { category?: string; tag?: string; page?: number }) =>
  gatewayJson(`/blog/posts${qs({ ...q, pageSize: BLOG_PAGE_SIZE })}`, publicPostPageSchema);

export const publishedPost = (slug: string) =>
  orMissing(
    gatewayJson(`/blog/posts/${encodeURIComponent(slug)}`, z.object({ data: publicPostSchema })).then(
      (r) => r.data,
    ),
  );

export const blogTopics = () => gatewayJson('/blog/topics', topicsSchema).then((r) => r.data);

export const openJobs = () =>
  gatewayJson('/careers/jobs', z.object({ data: z.array(openJobSchema) })).then((r) => r.data);

export const openJob = (id: string) =>
  orMissing(
    gatewayJson(`/careers/jobs/${encodeURIComponent(id)}`, z.object({ data: openJobSchema })).then(
      (r) => r.data,
    ),
  );
