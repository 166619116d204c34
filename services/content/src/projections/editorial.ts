import { EditorialEvent, editorialOfSubject, jobApplicationSubmittedSchema } from '@parley/contracts';
import type { ApplicationStatus } from '@parley/contracts/validation';
import type { RecordedEvent } from '@parley/eventstore';
import type { Projection } from '@parley/projections';
import type { PoolClient } from 'pg';
import type { DocumentBody } from '../domain/editorial/documents';
import type { JobContent } from '../domain/editorial/job';
import type { PostContent } from '../domain/editorial/post';

type Data = Record<string, unknown>;

/** A post's tags and category as far as they still exist (one deleted meanwhile is left out). */
async function writePostTerms(tx: PoolClient, postId: string, content: PostContent): Promise<void> {
  await tx.query('DELETE FROM blog_post_tags WHERE post_id = $1', [postId]);
  await tx.query(
    `INSERT INTO blog_post_tags (post_id, tag_id, position)
     SELECT $1, t.id, ids.position FROM unnest($2::uuid[]) WITH ORDINALITY AS ids (tag_id, position)
       JOIN editorial_tags t ON t.id = ids.tag_id`,
    [postId, content.tagIds],
  );
}

async function applyTaxonomy(tx: PoolClient, table: string, id: string, e: RecordedEvent, deleted: boolean) {
  if (deleted) {
    await tx.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
    return;
  }
  const body = (e.data as { body: DocumentBody }).body;
  const description = typeof body.description === 'string' ? body.description : '';
  if (table === 'editorial_categories') {
    await tx.query(
      `INSERT INTO editorial_categories (id, name, slug, description, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (id) DO UPDATE SET name = $2, slug = $3, description = $4, updated_at = $5`,
      [id, body.name, body.slug, description, e.occurredAt],
    );
    return;
  }
  await tx.query(
    `INSERT INTO editorial_tags (id, name, slug, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (id) DO UPDATE SET name = $2, slug = $3, updated_at = $4`,
    [id, body.name, body.slug, e.occurredAt],
  );
}

async function applyPost(tx: PoolClient, id: string, e: RecordedEvent): Promise<void> {
  const data = e.data as Data;
  switch (e.type) {
    case EditorialEvent.PostCreated:
    case EditorialEvent.PostRevised: {
      const c = data.content as PostContent;
      await tx.query(
        `INSERT INTO blog_posts (id, title, slug, excerpt, cover_image_id, cover_image_alt, body, category_id,
                                 author_name, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7,
                 (SELECT id FROM editorial_categories WHERE id = $8::uuid), $9, 'draft', $10, $10)
         ON CONFLICT (id) DO UPDATE SET title = $2, slug = $3, excerpt = $4, cover_image_id = $5,
           cover_image_alt = $6, body = $7, category_id = EXCLUDED.category_id, author_name = $9, updated_at = $10`,
        [
          id,
          c.title,
          c.slug,
          c.excerpt,
          c.coverImageId,
          c.coverImageAlt,
          c.body,
          c.categoryId,
          c.authorName,
          e.occurredAt,
        ],
      );
      await writePostTerms(tx, id, c);
      break;
    }
    case EditorialEvent.PostPublished:
      await tx.query(
        `UPDATE blog_posts SET status = 'published', published_at = $2, updated_at = $3 WHERE id = $1`,
        [id, data.publishedAt, e.occurredAt],
      );
      break;
    case EditorialEvent.PostUnpublished:
      await tx.query(`UPDATE blog_posts SET status = 'draft', updated_at = $2 WHERE id = $1`, [
        id,
        e.occurredAt,
      ]);
      break;
    case EditorialEvent.PostDeleted:
      await tx.query('DELETE FROM blog_posts WHERE id = $1', [id]);
      break;
    default:
      break;
  }
}

async function applyJob(tx: PoolClient, id: string, e: RecordedEvent): Promise<void> {
  switch (e.type) {
    case EditorialEvent.JobCreated:
    case EditorialEvent.JobUpdated: {
      const c = (e.data as { content: JobContent }).content;
      await tx.query(
        `INSERT INTO job_listings (id, title, team, location, type, description, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, $7)
         ON CONFLICT (id) DO UPDATE SET title = $2, team = $3, location = $4, type = $5, description = $6,
           updated_at = $7`,
        [id, c.title, c.team, c.location, c.type, c.description, e.occurredAt],
      );
      break;
    }
    case EditorialEvent.JobOpened:
    case EditorialEvent.JobClosed:
      await tx.query('UPDATE job_listings SET status = $2, updated_at = $3 WHERE id = $1', [
        id,
        e.type === EditorialEvent.JobOpened ? 'open' : 'closed',
        e.occurredAt,
      ]);
      break;
    case EditorialEvent.JobDeleted:
      await tx.query('DELETE FROM job_listings WHERE id = $1', [id]);
      break;
    default:
      break;
  }
}

async function applyApplication(tx: PoolClient, id: string, e: RecordedEvent): Promise<void> {
  const data = e.data as Data;
  switch (e.type) {
    case EditorialEvent.ApplicationSubmitted: {
      const a = jobApplicationSubmittedSchema.parse(e.data);
      await tx.query(
        `INSERT INTO job_applications (id, job_id, job_title, name, email, links, cover_letter, cv_file_id,
                                       cv_filename, cv_size, status, submitted_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'new', $11, $11) ON CONFLICT (id) DO NOTHING`,
        [
          id,
          a.jobId,
          a.jobTitle,
          a.name,
          a.email,
          JSON.stringify(a.links),
          a.coverLetter,
          a.cv.fileId,
          a.cv.filename,
          a.cv.size,
          a.submittedAt,
        ],
      );
      break;
    }
    case EditorialEvent.ApplicationStatusChanged:
      await tx.query('UPDATE job_applications SET status = $2, updated_at = $3 WHERE id = $1', [
        id,
        data.status as ApplicationStatus,
        e.occurredAt,
      ]);
      break;
    case EditorialEvent.ApplicationNoteAdded:
      await tx.query(
        `INSERT INTO job_application_notes (id, application_id, text, author_id, author_name, created_at)
         SELECT $1, $2, $3, $4, $5, $6 WHERE EXISTS (SELECT 1 FROM job_applications WHERE id = $2)
         ON CONFLICT (id) DO NOTHING`,
        [data.noteId, id, data.text, data.authorId, data.authorName, data.at],
      );
      await tx.query('UPDATE job_applications SET updated_at = $2 WHERE id = $1', [id, e.occurredAt]);
      break;
    default:
      break;
  }
}

/**
 * The admins' content read model: tags, categories, blog posts with their tags, job listings,
 * applications and their notes, from content's stream (slug claims are the writers' only).
 */
export const editorialProjection: Projection = {
  name: 'content-editorial-v1',
  context: 'content',
  async apply(tx, recorded) {
    const subject = editorialOfSubject(recorded.subject);
    if (!subject) return;
    const { aggregate, id } = subject;
    switch (aggregate) {
      case 'tag':
        return applyTaxonomy(tx, 'editorial_tags', id, recorded, recorded.type === EditorialEvent.TagDeleted);
      case 'category':
        return applyTaxonomy(
          tx,
          'editorial_categories',
          id,
          recorded,
          recorded.type === EditorialEvent.CategoryDeleted,
        );
      case 'post':
        return applyPost(tx, id, recorded);
      case 'job':
        return applyJob(tx, id, recorded);
      case 'application':
        return applyApplication(tx, id, recorded);
      default:
        return undefined;
    }
  },
};
