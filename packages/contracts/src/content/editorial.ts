import { z } from 'zod';

/**
 * The admins' content in content's stream (CONTENT): subjects content.tag.<id>,
 * content.category.<id>, content.post.<id>, content.job.<id>, content.application.<id>, and
 * content.slug.<hash> (one claim per slug of a post, tag or category, so two cannot share one).
 * Only ApplicationSubmitted is read outside content (notifications mails the applicant and tells
 * the admins); the others are content's own.
 */
export const EditorialEvent = {
  TagCreated: 'content.TagCreated',
  TagRenamed: 'content.TagRenamed',
  TagDeleted: 'content.TagDeleted',
  CategoryCreated: 'content.CategoryCreated',
  CategoryUpdated: 'content.CategoryUpdated',
  CategoryDeleted: 'content.CategoryDeleted',
  PostCreated: 'content.BlogPostCreated',
  PostRevised: 'content.BlogPostRevised',
  PostPublished: 'content.BlogPostPublished',
  PostUnpublished: 'content.BlogPostUnpublished',
  PostDeleted: 'content.BlogPostDeleted',
  JobCreated: 'content.JobListingCreated',
  JobUpdated: 'content.JobListingUpdated',
  JobOpened: 'content.JobListingOpened',
  JobClosed: 'content.JobListingClosed',
  JobDeleted: 'content.JobListingDeleted',
  ApplicationSubmitted: 'content.JobApplicationSubmitted',
  ApplicationStatusChanged: 'content.JobApplicationStatusChanged',
  ApplicationNoteAdded: 'content.JobApplicationNoteAdded',
  SlugClaimed: 'content.SlugClaimed',
  SlugReleased: 'content.SlugReleased',
} as const;

export const EDITORIAL_AGGREGATES = ['tag', 'category', 'post', 'job', 'application', 'slug'] as const;
export type EditorialAggregate = (typeof EDITORIAL_AGGREGATES)[number];

/** The aggregate and id a subject names (content.<aggregate>.<id>), or undefined for others. */
export function editorialOfSubject(
  subject: string,
): { aggregate: EditorialAggregate; id: string } | undefined {
  const parts = subject.split('.');
  const id = parts.at(-1);
  const aggregate = parts.at(-2) as EditorialAggregate | undefined;
  return id && aggregate && (EDITORIAL_AGGREGATES as readonly string[]).includes(aggregate)
    ? { aggregate, id }
    : undefined;
}

/** The CV as the application recorded it; its bytes stay in content's database. */
export const applicationCvSchema = z.object({
  fileId: z.string(),
  filename: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});

/**
 * Subject content.application.<applicationId>: a visitor applied from /careers/{jobId}. The job's
 * title is as it read then. Notifications mails `email` a confirmation and tells every admin.
 */
export const jobApplicationSubmittedSchema = z.object({
  applicationId: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  name: z.string(),
  email: z.string(),
  links: z.array(z.string()),
  coverLetter: z.string(),
  cv: applicationCvSchema,
  submittedAt: z.string(),
});
export type JobApplicationSubmitted = z.infer<typeof jobApplicationSubmittedSchema>;

/** The in-app notification admins get for a new application (type APPLICATION). */
export const applicationMessage = (a: Pick<JobApplicationSubmitted, 'name' | 'jobTitle'>) =>
  `${a.name} applied for ${a.jobTitle}`;

/** The applicant's confirmation mail's subject. */
export const applicationReceivedSubject = (jobTitle: string) =>
  `We received your application for ${jobTitle}`;
