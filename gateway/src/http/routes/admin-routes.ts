import {
  adminApplicationsQuerySchema,
  adminJobsQuerySchema,
  adminListQuerySchema,
  adminPostsQuerySchema,
  applicationNoteSchema,
  applicationStatusSchema,
  blogPostSchema,
  categorySchema,
  jobListingSchema,
  tagSchema,
} from '@parley/contracts/validation';
import { Router, type Request, type Response } from 'express';
import type { z } from 'zod';
import { serviceCallerOf } from '../../auth/caller';
import { requireRole } from '../../auth/guards';
import type {
  EditorialAdminMethod,
  EditorialClient,
  EditorialDoneMethod,
  TermKind,
} from '../../clients/editorial-client';
import type { RouteDeps } from '../deps';
import { callContext } from '../request-facts';
import { withBody } from '../validation';

/** Query strings read leniently: a page that is not a number is the first page. */
const queryOf = (schema: z.ZodType, req: Request) => schema.parse(req.query);
const idOf = (req: Request) => String(req.params.id);

/**
 * GET ?query, POST, GET/PUT/DELETE /:id of one kind of the admins' content; each call is the
 * service's method of that name, with the caller.
 */
function crudRoutes(
  editorial: EditorialClient,
  names: {
    list: EditorialAdminMethod;
    get: EditorialAdminMethod;
    create: EditorialAdminMethod;
    update: EditorialAdminMethod;
    delete: EditorialDoneMethod;
  },
  schemas: { body: z.ZodType; query: z.ZodType },
  kind?: TermKind,
): Router {
  const router = Router();
  const call = (
    method: EditorialAdminMethod,
    req: Request,
    res: Response,
    extra: { id?: string; input?: unknown; query?: unknown },
  ) => editorial.admin(method, serviceCallerOf(res), { kind, ...extra }, callContext(req));

  router.get('/', async (req, res) => {
    const answer = await call(names.list, req, res, { query: queryOf(schemas.query, req) });
    res.json(
      Array.isArray(answer) ? { success: true, data: answer } : { success: true, ...(answer as object) },
    );
  });
  router.post(
    '/',
    withBody(schemas.body, async (input, req, res) => {
      res.status(201).json({ success: true, data: await call(names.create, req, res, { input }) });
    }),
  );
  router.get('/:id', async (req, res) => {
    res.json({ success: true, data: await call(names.get, req, res, { id: idOf(req) }) });
  });
  router.put(
    '/:id',
    withBody(schemas.body, async (input, req, res) => {
      res.json({ success: true, data: await call(names.update, req, res, { id: idOf(req), input }) });
    }),
  );
  router.delete('/:id', async (req, res) => {
    await editorial.adminDone(names.delete, serviceCallerOf(res), { kind, id: idOf(req) }, callContext(req));
    res.status(204).end();
  });
  return router;
}

const TERM_METHODS = {
  list: 'listTerms',
  get: 'getTerm',
  create: 'createTerm',
  update: 'updateTerm',
  delete: 'deleteTerm',
} as const;

function applicationsRoutes(editorial: EditorialClient): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const page = await editorial.admin(
      'listApplications',
      serviceCallerOf(res),
      { query: queryOf(adminApplicationsQuerySchema, req) },
      callContext(req),
    );
    res.json({ success: true, ...(page as object) });
  });
  router.get('/:id', async (req, res) => {
    const data = await editorial.admin(
      'getApplication',
      serviceCallerOf(res),
      { id: idOf(req) },
      callContext(req),
    );
    res.json({ success: true, data });
  });
  router.patch(
    '/:id',
    withBody(applicationStatusSchema, async (input, req, res) => {
      const data = await editorial.admin(
        'changeApplicationStatus',
        serviceCallerOf(res),
        { id: idOf(req), input },
        callContext(req),
      );
      res.json({ success: true, data });
    }),
  );
  router.post(
    '/:id/notes',
    withBody(applicationNoteSchema, async (input, req, res) => {
      const data = await editorial.admin(
        'addApplicationNote',
        serviceCallerOf(res),
        { id: idOf(req), input },
        callContext(req),
      );
      res.status(201).json({ success: true, data });
    }),
  );
  router.get('/:id/cv', async (req, res) => {
    const file = await editorial.applicationCv(serviceCallerOf(res), idOf(req), callContext(req));
    const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '');
    res.set({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    res.send(file.data);
  });
  return router;
}

/**
 * /api/admin: the admin-only areas (spec section 2). Every route answers 403 to any role but
 * ADMIN (401 without a token), before anything is read; the content service checks the role again.
 */
export function adminRoutes({ editorial }: Pick<RouteDeps, 'editorial'>): Router {
  const router = Router();
  router.use(requireRole('ADMIN'));
  router.get('/overview', async (req, res) => {
    const data = await editorial.admin('getOverview', serviceCallerOf(res), {}, callContext(req));
    res.json({ success: true, data });
  });
  router.use(
    '/tags',
    crudRoutes(editorial, TERM_METHODS, { body: tagSchema, query: adminListQuerySchema }, 'tag'),
  );
  router.use(
    '/categories',
    crudRoutes(editorial, TERM_METHODS, { body: categorySchema, query: adminListQuerySchema }, 'category'),
  );
  router.use(
    '/posts',
    crudRoutes(
      editorial,
      { list: 'listPosts', get: 'getPost', create: 'createPost', update: 'updatePost', delete: 'deletePost' },
      { body: blogPostSchema, query: adminPostsQuerySchema },
    ),
  );
  router.use(
    '/jobs',
    crudRoutes(
      editorial,
      { list: 'listJobs', get: 'getJob', create: 'createJob', update: 'updateJob', delete: 'deleteJob' },
      { body: jobListingSchema, query: adminJobsQuerySchema },
    ),
  );
  router.use('/applications', applicationsRoutes(editorial));
  return router;
}
