import { AppError } from '@parley/contracts';
import { DOMAIN_MESSAGES, filterQuestionSchema } from '@parley/contracts/validation';
import { Router } from 'express';
import { z } from 'zod';
import { serviceCallerOf } from '../../auth/caller';
import { requireRole } from '../../auth/guards';
import type { RouteDeps } from '../deps';
import { callContext } from '../request-facts';
import { withBody } from '../validation';

const domainIdSchema = z
  .string({ error: DOMAIN_MESSAGES.searchDomain })
  .trim()
  .min(1, { error: DOMAIN_MESSAGES.searchDomain });

const addFilterQuestionSchema = filterQuestionSchema.extend({ domainId: domainIdSchema });

/** /api/settings/filter-questions: the questions a domain's assistant asks, with the answers it keeps. */
export function filterQuestionsRoutes({ domains }: Pick<RouteDeps, 'domains'>): Router {
  const router = Router();
  router.use(requireRole('OWNER', 'ADMIN'));

  router.get('/', async (req, res) => {
    const domainId = domainIdSchema.safeParse(req.query.domainId);
    if (!domainId.success) {
      const message = DOMAIN_MESSAGES.searchDomain;
      throw new AppError('validation', message, [{ field: 'domainId', message }], 'VALIDATION');
    }
    const data = await domains.listFilterQuestions(serviceCallerOf(res), domainId.data, callContext(req));
    res.json({ data });
  });

  router.post(
    '/',
    withBody(addFilterQuestionSchema, async (input, req, res) => {
      const data = await domains.addFilterQuestion(serviceCallerOf(res), input, callContext(req));
      res.status(201).json({ data });
    }),
  );

  router.delete('/:questionId', async (req, res) => {
    await domains.deleteFilterQuestion(serviceCallerOf(res), req.params.questionId, callContext(req));
    res.status(204).end();
  });

  return router;
}
