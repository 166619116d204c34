import { randomUUID } from 'node:crypto';
import { contentError } from '@parley/contracts';
import type { JobStatus, JobType } from '@parley/contracts/validation';
import {
  adminJobsQuerySchema,
  EDITORIAL_MESSAGES,
  jobListingSchema,
  richTextIsEmpty,
} from '@parley/contracts/validation';
import { jobDecider, jobNotFound, type JobContent } from '../../domain/editorial/job';
import { sanitizeRichText } from '../../domain/editorial/rich-text';
import { tsQueryOf } from '../search';
import type { Caller, ContentDeps } from '../deps';
import { isUuid, parseInput, requireAdmin, runEditorial, type Page } from './guards';

export interface JobView {
  id: string;
  title: string;
  team: string;
  location: string;
  type: JobType;
  description: string;
  status: JobStatus;
  /** Admins only: the applications sent for it, and how many still wait for a decision. */
  applications?: { total: number; waiting: number };
  createdAt: string;
  updatedAt: string;
}

interface JobRow {
  id: string;
  title: string;
  team: string;
  location: string;
  type: JobType;
  description: string;
  status: JobStatus;
  created_at: Date;
  updated_at: Date;
  total?: string;
  waiting?: string;
}

const JOB_COLUMNS =
  'j.id, j.title, j.team, j.location, j.type, j.description, j.status, j.created_at, j.updated_at';
const WITH_COUNTS = `${JOB_COLUMNS},
  (SELECT count(*) FROM job_applications a WHERE a.job_id = j.id) AS total,
  (SELECT count(*) FROM job_applications a WHERE a.job_id = j.id AND a.status IN ('new', 'reviewing')) AS waiting`;

function jobView(r: JobRow): JobView {
  return {
    id: r.id,
    title: r.title,
    team: r.team,
    location: r.location,
    type: r.type,
    description: r.description,
    status: r.status,
    ...(r.total !== undefined
      ? { applications: { total: Number(r.total), waiting: Number(r.waiting ?? 0) } }
      : {}),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

function contentOf(json: string): { content: JobContent; status: JobStatus } {
  const input = parseInput(jobListingSchema, json);
  const description = sanitizeRichText(input.description);
  if (richTextIsEmpty(description)) {
    const message = EDITORIAL_MESSAGES.jobDescription;
    throw contentError('validation', message, 'VALIDATION', [{ field: 'description', message }]);
  }
  const { status, ...rest } = input;
  return { content: { ...rest, description }, status };
}

async function readJob(deps: ContentDeps, id: string, withCounts: boolean): Promise<JobRow> {
  if (!isUuid(id)) throw jobNotFound();
  const { rows } = await deps.pool.query<JobRow>(
    `SELECT ${withCounts ? WITH_COUNTS : JOB_COLUMNS} FROM job_listings j WHERE j.id = $1`,
    [id],
  );
  if (!rows[0]) throw jobNotFound();
  return rows[0];
}

export async function getJob(deps: ContentDeps, caller: Caller, id: string): Promise<JobView> {
  requireAdmin(caller);
  return jobView(await readJob(deps, id, true));
}

export async function createJob(deps: ContentDeps, caller: Caller, json: string): Promise<JobView> {
  requireAdmin(caller);
  const { content, status } = contentOf(json);
  const id = randomUUID();
  await runEditorial(
    deps,
    'job',
    id,
    jobDecider,
    { type: 'Create', content, status, actorId: caller.userId, now: deps.clock() },
    caller.userId,
  );
  return getJob(deps, caller, id);
}

export async function updateJob(
  deps: ContentDeps,
  caller: Caller,
  id: string,
  json: string,
): Promise<JobView> {
  requireAdmin(caller);
  await readJob(deps, id, false);
  const { content, status } = contentOf(json);
  await runEditorial(
    deps,
    'job',
    id,
    jobDecider,
    { type: 'Update', content, status, actorId: caller.userId, now: deps.clock() },
    caller.userId,
  );
  return getJob(deps, caller, id);
}

export const JOB_HAS_APPLICATIONS =
  'This listing has applications. Close it instead: its applications stay with it.';

/** Only a listing nobody applied for goes; one with applications is closed instead. */
export async function deleteJob(deps: ContentDeps, caller: Caller, id: string): Promise<void> {
  requireAdmin(caller);
  const job = await readJob(deps, id, true);
  if (Number(job.total) > 0) throw contentError('conflict', JOB_HAS_APPLICATIONS, 'JOB_HAS_APPLICATIONS');
  await runEditorial(
    deps,
    'job',
    id,
    jobDecider,
    { type: 'Delete', actorId: caller.userId, now: deps.clock() },
    caller.userId,
  );
}

/** The admin's list: open first, then newest; by status and full-text search. */
export async function listJobs(deps: ContentDeps, caller: Caller, queryJson: string): Promise<Page<JobView>> {
  requireAdmin(caller);
  const q = parseInput(adminJobsQuerySchema, queryJson);
  const where: string[] = [];
  const params: unknown[] = [];
  const tsQuery = tsQueryOf(q.query);
  if (tsQuery) {
    params.push(tsQuery);
    where.push(`j.search @@ to_tsquery('simple', $1)`);
  }
  if (q.status) {
    params.push(q.status);
    where.push(`j.status = $${params.length}`);
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const order = tsQuery
    ? `ts_rank(j.search, to_tsquery('simple', $1)) DESC, j.created_at DESC, j.id`
    : `j.status = 'open' DESC, j.created_at DESC, j.id`;
  const [{ rows }, count] = await Promise.all([
    deps.pool.query<JobRow>(
      `SELECT ${WITH_COUNTS} FROM job_listings j ${filter} ORDER BY ${order}
        LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
      params,
    ),
    deps.pool.query<{ total: string }>(`SELECT count(*) AS total FROM job_listings j ${filter}`, params),
  ]);
  return {
    data: rows.map(jobView),
    total: Number(count.rows[0]?.total ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** /careers: the open listings, by team then title. */
export async function listOpenJobs(deps: ContentDeps): Promise<JobView[]> {
  const { rows } = await deps.pool.query<JobRow>(
    `SELECT ${JOB_COLUMNS} FROM job_listings j WHERE j.status = 'open' ORDER BY lower(j.team), lower(j.title), j.id`,
  );
  return rows.map(jobView);
}

/** /careers/{id}: an open listing; a closed, deleted or unknown one is not found. */
export async function getOpenJob(deps: ContentDeps, id: string): Promise<JobView> {
  const job = jobView(await readJob(deps, id, false));
  if (job.status !== 'open') throw jobNotFound();
  return job;
}
