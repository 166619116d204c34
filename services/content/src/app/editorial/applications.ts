import { createHash, randomUUID } from 'node:crypto';
import { AppError, contentError } from '@parley/contracts';
import type { ApplicationStatus } from '@parley/contracts/validation';
import {
  adminApplicationsQuerySchema,
  applicationNoteSchema,
  applicationStatusSchema,
  jobApplicationSchema,
} from '@parley/contracts/validation';
import { applicationDecider, applicationIdOf, applicationNotFound } from '../../domain/editorial/application';
import { acceptCv, cvFilename } from '../../domain/editorial/cv';
import { tsQueryOf } from '../search';
import type { Caller, ContentDeps } from '../deps';
import { isUuid, parseInput, requireAdmin, runEditorial, type Page } from './guards';
import { getOpenJob } from './jobs';

export interface ApplicationNoteView {
  id: string;
  text: string;
  authorName: string;
  createdAt: string;
}

export interface ApplicationView {
  id: string;
  jobId: string;
  jobTitle: string;
  name: string;
  email: string;
  status: ApplicationStatus;
  cv: { filename: string; size: number };
  noteCount: number;
  submittedAt: string;
  updatedAt: string;
  links?: string[];
  coverLetter?: string;
  notes?: ApplicationNoteView[];
}

interface ApplicationRow {
  id: string;
  job_id: string;
  job_title: string;
  name: string;
  email: string;
  status: ApplicationStatus;
  cv_filename: string;
  cv_size: number;
  note_count: string;
  submitted_at: Date;
  updated_at: Date;
  links: string[];
  cover_letter: string;
}

const COLUMNS = `a.id, a.job_id, a.job_title, a.name, a.email, a.status, a.cv_filename, a.cv_size, a.links,
  a.cover_letter, a.submitted_at, a.updated_at,
  (SELECT count(*) FROM job_application_notes n WHERE n.application_id = a.id) AS note_count`;

function applicationView(r: ApplicationRow, notes?: ApplicationNoteView[]): ApplicationView {
  return {
    id: r.id,
    jobId: r.job_id,
    jobTitle: r.job_title,
    name: r.name,
    email: r.email,
    status: r.status,
    cv: { filename: r.cv_filename, size: r.cv_size },
    noteCount: Number(r.note_count),
    submittedAt: r.submitted_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    ...(notes ? { links: r.links, coverLetter: r.cover_letter, notes } : {}),
  };
}

export interface CvUpload {
  data: Buffer;
  filename: string;
}

/**
 * A visitor's application from /careers/{jobId}: the form's fields by the shared schema, the CV
 * by its bytes, for a listing that is open. One per address and listing (the id is theirs): a
 * second is refused before its file is kept. The CV's bytes are stored first, the event names
 * them; a file whose event never got written is never served.
 */
export async function submitApplication(
  deps: ContentDeps,
  jobId: string,
  json: string,
  cv: CvUpload,
): Promise<{ id: string; jobTitle: string }> {
  const input = parseInput(jobApplicationSchema, json);
  acceptCv(cv.data, cv.filename);
  const job = await getOpenJob(deps, jobId).catch((error: unknown) => {
    throw error instanceof AppError && error.kind === 'not_found'
      ? contentError('not_found', 'This position is no longer open', 'JOB_NOT_OPEN')
      : error;
  });
  const id = applicationIdOf(job.id, input.email);
  const fileId = randomUUID();
  const filename = cvFilename(cv.filename);
  const sha256 = createHash('sha256').update(cv.data).digest('hex');
  await deps.pool.query(
    'INSERT INTO application_files (id, filename, size, sha256, bytes) VALUES ($1, $2, $3, $4, $5)',
    [fileId, filename, cv.data.length, sha256, cv.data],
  );
  try {
    await runEditorial(
      deps,
      'application',
      id,
      applicationDecider,
      {
        type: 'Submit',
        application: {
          applicationId: id,
          jobId: job.id,
          jobTitle: job.title,
          name: input.name,
          email: input.email,
          links: input.links,
          coverLetter: input.coverLetter,
          cv: { fileId, filename, size: cv.data.length, sha256 },
        },
        now: deps.clock(),
      },
      'visitor',
    );
  } catch (error) {
    await deps.pool.query('DELETE FROM application_files WHERE id = $1', [fileId]).catch(() => undefined);
    throw error;
  }
  return { id, jobTitle: job.title };
}

async function readApplication(deps: ContentDeps, id: string): Promise<ApplicationRow> {
  if (!isUuid(id)) throw applicationNotFound();
  const { rows } = await deps.pool.query<ApplicationRow>(
    `SELECT ${COLUMNS} FROM job_applications a WHERE a.id = $1`,
    [id],
  );
  if (!rows[0]) throw applicationNotFound();
  return rows[0];
}

export async function getApplication(
  deps: ContentDeps,
  caller: Caller,
  id: string,
): Promise<ApplicationView> {
  requireAdmin(caller);
  const row = await readApplication(deps, id);
  const { rows } = await deps.pool.query<{ id: string; text: string; author_name: string; created_at: Date }>(
    'SELECT id, text, author_name, created_at FROM job_application_notes WHERE application_id = $1 ORDER BY created_at, id',
    [id],
  );
  return applicationView(
    row,
    rows.map((n) => ({
      id: n.id,
      text: n.text,
      authorName: n.author_name,
      createdAt: n.created_at.toISOString(),
    })),
  );
}

/** The admin's list: newest first; per listing, by status, and full-text search. */
export async function listApplications(
  deps: ContentDeps,
  caller: Caller,
  queryJson: string,
): Promise<Page<ApplicationView>> {
  requireAdmin(caller);
  const q = parseInput(adminApplicationsQuerySchema, queryJson);
  const where: string[] = [];
  const params: unknown[] = [];
  const tsQuery = tsQueryOf(q.query);
  if (tsQuery) {
    params.push(tsQuery);
    where.push(`a.search @@ to_tsquery('simple', $1)`);
  }
  if (q.jobId) {
    if (!isUuid(q.jobId)) return { data: [], total: 0, page: q.page, pageSize: q.pageSize };
    params.push(q.jobId);
    where.push(`a.job_id = $${params.length}`);
  }
  if (q.status) {
    params.push(q.status);
    where.push(`a.status = $${params.length}`);
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const order = tsQuery
    ? `ts_rank(a.search, to_tsquery('simple', $1)) DESC, a.submitted_at DESC, a.id`
    : 'a.submitted_at DESC, a.id';
  const [{ rows }, count] = await Promise.all([
    deps.pool.query<ApplicationRow>(
      `SELECT ${COLUMNS} FROM job_applications a ${filter} ORDER BY ${order}
        LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
      params,
    ),
    deps.pool.query<{ total: string }>(`SELECT count(*) AS total FROM job_applications a ${filter}`, params),
  ]);
  return {
    data: rows.map((r) => applicationView(r)),
    total: Number(count.rows[0]?.total ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function changeApplicationStatus(
  deps: ContentDeps,
  caller: Caller,
  id: string,
  json: string,
): Promise<ApplicationView> {
  requireAdmin(caller);
  await readApplication(deps, id);
  const { status } = parseInput(applicationStatusSchema, json);
  await runEditorial(
    deps,
    'application',
    id,
    applicationDecider,
    { type: 'ChangeStatus', status, actorId: caller.userId, now: deps.clock() },
    caller.userId,
  );
  return getApplication(deps, caller, id);
}

/** The admin's name as identity told content, for the note's byline. */
async function adminName(deps: ContentDeps, caller: Caller): Promise<string> {
  const { rows } = await deps.pool.query<{ fullname: string }>(
    'SELECT fullname FROM platform_users WHERE user_id = $1',
    [caller.userId],
  );
  return rows[0]?.fullname ?? 'Administrator';
}

export async function addApplicationNote(
  deps: ContentDeps,
  caller: Caller,
  id: string,
  json: string,
): Promise<ApplicationView> {
  requireAdmin(caller);
  await readApplication(deps, id);
  const { text } = parseInput(applicationNoteSchema, json);
  await runEditorial(
    deps,
    'application',
    id,
    applicationDecider,
    {
      type: 'AddNote',
      noteId: randomUUID(),
      text,
      actorId: caller.userId,
      authorName: await adminName(deps, caller),
      now: deps.clock(),
    },
    caller.userId,
  );
  return getApplication(deps, caller, id);
}

export interface CvFile {
  filename: string;
  data: Buffer;
}

/** The CV of an application, for admins only. */
export async function getApplicationCv(deps: ContentDeps, caller: Caller, id: string): Promise<CvFile> {
  requireAdmin(caller);
  if (!isUuid(id)) throw applicationNotFound();
  const { rows } = await deps.pool.query<{ filename: string; bytes: Buffer }>(
    `SELECT f.filename, f.bytes FROM job_applications a JOIN application_files f ON f.id = a.cv_file_id
      WHERE a.id = $1`,
    [id],
  );
  if (!rows[0]) throw applicationNotFound();
  return { filename: rows[0].filename, data: rows[0].bytes };
}
