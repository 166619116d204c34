import { z } from 'zod';
import { emailSchema } from './auth';
import { httpUrlSchema } from './domains';
import { SIGNUP_MESSAGES } from './messages';

/**
 * The admins' content (spec section 2, admin-only entries): tags, categories, blog posts, job
 * listings, and the applications visitors send from /careers. The spec words none of these
 * messages, so they are ours, in the voice of its other forms. The UI, the gateway and the
 * content service all judge with these schemas.
 */
export const EDITORIAL_MESSAGES = {
  tagName: 'Tag name is required',
  categoryName: 'Category name is required',
  postTitle: 'Title is required',
  slugFormat: 'Use lower-case letters, digits and single hyphens',
  postAuthor: 'Author is required',
  postBody: 'Write the post before publishing it',
  jobTitle: 'Job title is required',
  jobTeam: 'Team is required',
  jobLocation: 'Location is required',
  jobType: 'Choose the type of employment',
  jobDescription: 'Description is required',
  applicantName: 'Please enter your name',
  coverLetterMax: 'Your cover letter can be at most 5000 characters',
  tooManyLinks: 'Add at most 5 links',
  cvRequired: 'Attach your CV as a PDF',
  cvType: 'Your CV must be a PDF file',
  cvTooLarge: 'Your CV must be at most 5 MB',
  noteText: 'Write a note first',
  applicationStatus: 'Choose a status',
} as const;
const M = EDITORIAL_MESSAGES;

/** Spec section 2: a CV is a PDF of at most 5 MB, judged by its bytes. */
export const MAX_CV_BYTES = 5 * 1024 * 1024;

export const POST_STATUSES = ['draft', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const JOB_STATUSES = ['open', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_TYPES = ['full-time', 'part-time', 'contract', 'internship'] as const;
export type JobType = (typeof JOB_TYPES)[number];
export const JOB_TYPE_LABELS: Record<JobType, string> = {
  'full-time': 'Full-time',
  'part-time': 'Part-time',
  contract: 'Contract',
  internship: 'Internship',
};
export const APPLICATION_STATUSES = ['new', 'reviewing', 'rejected', 'hired'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  new: 'New',
  reviewing: 'Reviewing',
  rejected: 'Rejected',
  hired: 'Hired',
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 80;
/** Rich text as the editor writes it; the service keeps only its sanitised form. */
export const MAX_RICH_TEXT_LENGTH = 200_000;

/**
 * A URL-safe name from any title: accents dropped ('Café' -> 'cafe'), anything but letters and
 * digits a hyphen, at most 80 characters. Empty when the title has no Latin letters or digits.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
}

/**
 * Whether rich text says nothing: no words once the markup is gone, and no picture. The service
 * asks this of the sanitised HTML; the editor of what it holds.
 */
export function richTextIsEmpty(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return text === '';
}

const id = z.string().trim().min(1).max(64);
const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `At most ${max} characters` });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .default('');

export const tagSchema = z.object({ name: requiredText(M.tagName, 40) });
export type TagInput = z.infer<typeof tagSchema>;

export const categorySchema = z.object({
  name: requiredText(M.categoryName, 60),
  description: optionalText(300),
});
export type CategoryInput = z.infer<typeof categorySchema>;

const richText = (message: string) =>
  z.string({ error: message }).max(MAX_RICH_TEXT_LENGTH, { error: 'The text is too long' }).default('');

export const blogPostSchema = z
  .object({
    title: requiredText(M.postTitle, 200),
    /** Empty: made from the title. */
    slug: z
      .string()
      .trim()
      .max(MAX_SLUG_LENGTH, { error: `At most ${MAX_SLUG_LENGTH} characters` })
      .refine((v) => v === '' || SLUG.test(v), { error: M.slugFormat })
      .default(''),
    excerpt: optionalText(300),
    coverImageId: z
      .union([z.literal('').transform(() => null), id])
      .nullable()
      .default(null),
    coverImageAlt: optionalText(200),
    body: richText(M.postBody),
    tagIds: z.array(id).max(10, { error: 'Choose at most 10 tags' }).default([]),
    categoryId: z
      .union([z.literal('').transform(() => null), id])
      .nullable()
      .default(null),
    authorName: requiredText(M.postAuthor, 80),
    status: z.enum(POST_STATUSES, { error: 'Choose draft or published' }).default('draft'),
  })
  .superRefine((post, ctx) => {
    // A draft may be half-written; what the public reads must say something.
    if (post.status === 'published' && richTextIsEmpty(post.body))
      ctx.addIssue({ code: 'custom', path: ['body'], message: M.postBody });
  });
export type BlogPostInput = z.infer<typeof blogPostSchema>;

export const jobListingSchema = z.object({
  title: requiredText(M.jobTitle, 120),
  team: requiredText(M.jobTeam, 60),
  location: requiredText(M.jobLocation, 120),
  type: z.enum(JOB_TYPES, { error: M.jobType }),
  description: richText(M.jobDescription).refine((html) => !richTextIsEmpty(html), {
    error: M.jobDescription,
  }),
  status: z.enum(JOB_STATUSES, { error: 'Choose open or closed' }).default('open'),
});
export type JobListingInput = z.infer<typeof jobListingSchema>;

/** The /careers/{id} form's fields; the CV travels beside them as a file. */
export const jobApplicationSchema = z.object({
  name: z
    .string({ error: M.applicantName })
    .trim()
    .min(2, { error: M.applicantName })
    .max(100, { error: 'At most 100 characters' }),
  email: emailSchema(SIGNUP_MESSAGES.emailFormat),
  links: z
    .array(z.union([z.literal('').transform(() => undefined), httpUrlSchema]))
    .max(5, { error: M.tooManyLinks })
    .default([])
    .transform((links) => links.filter((l): l is string => l !== undefined)),
  coverLetter: z.string().trim().max(5000, { error: M.coverLetterMax }).default(''),
});
export type JobApplicationInput = z.infer<typeof jobApplicationSchema>;

export const applicationStatusSchema = z.object({
  status: z.enum(APPLICATION_STATUSES, { error: M.applicationStatus }),
});

export const applicationNoteSchema = z.object({ text: requiredText(M.noteText, 2000) });

/** Page and search of the admin lists and the public blog (query strings: numbers arrive as text). */
const pageNumber = z.coerce.number().int().min(1).max(10_000).catch(1);
export const adminListQuerySchema = z.object({
  query: z.string().trim().max(200).catch(''),
  page: pageNumber,
  pageSize: z.coerce.number().int().min(1).max(100).catch(20),
});

export const adminPostsQuerySchema = adminListQuerySchema.extend({
  status: z.enum(POST_STATUSES).optional().catch(undefined),
  categoryId: z.string().trim().max(64).optional().catch(undefined),
  tagId: z.string().trim().max(64).optional().catch(undefined),
});

export const adminJobsQuerySchema = adminListQuerySchema.extend({
  status: z.enum(JOB_STATUSES).optional().catch(undefined),
});

export const adminApplicationsQuerySchema = adminListQuerySchema.extend({
  jobId: z.string().trim().max(64).optional().catch(undefined),
  status: z.enum(APPLICATION_STATUSES).optional().catch(undefined),
});

export const publicPostsQuerySchema = z.object({
  category: z.string().trim().max(MAX_SLUG_LENGTH).optional().catch(undefined),
  tag: z.string().trim().max(MAX_SLUG_LENGTH).optional().catch(undefined),
  page: pageNumber,
  pageSize: z.coerce.number().int().min(1).max(50).catch(9),
});
