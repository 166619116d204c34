import { JOB_TYPES } from '@parley/contracts/validation';
import { z } from 'zod';

/** The public blog and careers as the gateway answers them (docs/api/editorial.md, public routes). */
const publicTerm = z.object({ name: z.string(), slug: z.string() });

export const publicPostSchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  coverImageUrl: z.string().nullable(),
  coverImageAlt: z.string(),
  authorName: z.string(),
  publishedAt: z.string(),
  updatedAt: z.string(),
  readingMinutes: z.number(),
  category: publicTerm.nullable(),
  tags: z.array(publicTerm),
  body: z.string().optional(),
});
export type PublicPost = z.infer<typeof publicPostSchema>;

export const publicPostPageSchema = z.object({
  data: z.array(publicPostSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

const topic = publicTerm.extend({ postCount: z.number(), description: z.string().optional() });
export const topicsSchema = z.object({
  data: z.object({ categories: z.array(topic), tags: z.array(topic) }),
});
export type BlogTopics = z.infer<typeof topicsSchema>['data'];

export const openJobSchema = z.object({
  id: z.string(),
  title: z.string(),
  team: z.string(),
  location: z.string(),
  type: z.enum(JOB_TYPES),
  description: z.string(),
  createdAt: z.string(),
});
export type OpenJob = z.infer<typeof openJobSchema>;

export const applicationSentSchema = z.object({
  data: z.object({ id: z.string(), jobTitle: z.string() }),
  message: z.string(),
});
