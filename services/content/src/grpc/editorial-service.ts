import { contentError } from '@parley/contracts';
import { callerFrom, unary, type ServiceHandlers } from '@parley/grpc';
import type { EditorialRequest__Output as EditorialRequest } from '@parley/grpc/generated/parley/content/v1';
import type { Logger } from '@parley/logger';
import type { ContentDeps } from '../app/deps';
import {
  addApplicationNote,
  changeApplicationStatus,
  getApplication,
  getApplicationCv,
  listApplications,
  submitApplication,
} from '../app/editorial/applications';
import {
  createJob,
  deleteJob,
  getJob,
  getOpenJob,
  listJobs,
  listOpenJobs,
  updateJob,
} from '../app/editorial/jobs';
import { adminOverview } from '../app/editorial/overview';
import {
  createPost,
  deletePost,
  getPost,
  getPublishedPost,
  listPosts,
  listPublicTerms,
  listPublishedPosts,
  updatePost,
} from '../app/editorial/posts';
import {
  createTaxonomy,
  deleteTaxonomy,
  getTaxonomy,
  listTaxonomy,
  updateTaxonomy,
  type TaxonomyKind,
} from '../app/editorial/taxonomy';

function termKind(kind: string): TaxonomyKind {
  if (kind === 'tag' || kind === 'category') return kind;
  throw contentError('validation', `Unknown kind: ${kind}`, 'VALIDATION');
}

const json = (value: unknown) => ({ json: JSON.stringify(value) });

/** proto <-> application mapping for parley.content.v1.Editorial; no decisions here. */
export function editorialService(
  deps: ContentDeps,
  logger: Logger,
): ServiceHandlers<'parley.content.v1.Editorial'> {
  const rpc = <Req, Res>(method: string, handler: (req: Req) => Promise<Res>) =>
    unary<Req, Res>(handler, (error) => logger.error({ err: error, method }, 'editorial call failed'));
  const admin = (
    method: string,
    handler: (req: EditorialRequest, caller: ReturnType<typeof callerFrom>) => Promise<unknown>,
  ) => rpc(method, async (req: EditorialRequest) => json(await handler(req, callerFrom(req.caller))));
  const done = (
    method: string,
    handler: (req: EditorialRequest, caller: ReturnType<typeof callerFrom>) => Promise<void>,
  ) =>
    rpc(method, async (req: EditorialRequest) => {
      await handler(req, callerFrom(req.caller));
      return {};
    });

  return {
    GetOverview: admin('GetOverview', (_req, caller) => adminOverview(deps, caller)),

    ListTerms: admin('ListTerms', (req, caller) =>
      listTaxonomy(deps, caller, termKind(req.kind), req.queryJson),
    ),
    GetTerm: admin('GetTerm', (req, caller) => getTaxonomy(deps, caller, termKind(req.kind), req.id)),
    CreateTerm: admin('CreateTerm', (req, caller) =>
      createTaxonomy(deps, caller, termKind(req.kind), req.inputJson),
    ),
    UpdateTerm: admin('UpdateTerm', (req, caller) =>
      updateTaxonomy(deps, caller, termKind(req.kind), req.id, req.inputJson),
    ),
    DeleteTerm: done('DeleteTerm', (req, caller) => deleteTaxonomy(deps, caller, termKind(req.kind), req.id)),

    ListPosts: admin('ListPosts', (req, caller) => listPosts(deps, caller, req.queryJson)),
    GetPost: admin('GetPost', (req, caller) => getPost(deps, caller, req.id)),
    CreatePost: admin('CreatePost', (req, caller) => createPost(deps, caller, req.inputJson)),
    UpdatePost: admin('UpdatePost', (req, caller) => updatePost(deps, caller, req.id, req.inputJson)),
    DeletePost: done('DeletePost', (req, caller) => deletePost(deps, caller, req.id)),

    ListJobs: admin('ListJobs', (req, caller) => listJobs(deps, caller, req.queryJson)),
    GetJob: admin('GetJob', (req, caller) => getJob(deps, caller, req.id)),
    CreateJob: admin('CreateJob', (req, caller) => createJob(deps, caller, req.inputJson)),
    UpdateJob: admin('UpdateJob', (req, caller) => updateJob(deps, caller, req.id, req.inputJson)),
    DeleteJob: done('DeleteJob', (req, caller) => deleteJob(deps, caller, req.id)),

    ListApplications: admin('ListApplications', (req, caller) =>
      listApplications(deps, caller, req.queryJson),
    ),
    GetApplication: admin('GetApplication', (req, caller) => getApplication(deps, caller, req.id)),
    ChangeApplicationStatus: admin('ChangeApplicationStatus', (req, caller) =>
      changeApplicationStatus(deps, caller, req.id, req.inputJson),
    ),
    AddApplicationNote: admin('AddApplicationNote', (req, caller) =>
      addApplicationNote(deps, caller, req.id, req.inputJson),
    ),
    GetApplicationCv: rpc('GetApplicationCv', async (req) => {
      const file = await getApplicationCv(deps, callerFrom(req.caller), req.id);
      return { filename: file.filename, contentType: 'application/pdf', data: file.data };
    }),

    ListPublishedPosts: rpc('ListPublishedPosts', async (req) =>
      json(await listPublishedPosts(deps, req.queryJson)),
    ),
    GetPublishedPost: rpc('GetPublishedPost', async (req) => json(await getPublishedPost(deps, req.id))),
    ListPublicTerms: rpc('ListPublicTerms', async () => json(await listPublicTerms(deps))),
    ListOpenJobs: rpc('ListOpenJobs', async () => json(await listOpenJobs(deps))),
    GetOpenJob: rpc('GetOpenJob', async (req) => json(await getOpenJob(deps, req.id))),
    SubmitApplication: rpc('SubmitApplication', async (req) =>
      json(
        await submitApplication(deps, req.jobId, req.inputJson, {
          data: req.cvData,
          filename: req.cvFilename,
        }),
      ),
    ),
  };
}
