import { AppError } from '@parley/contracts';
import {
  cvProblem,
  EDITORIAL_MESSAGES,
  fieldErrors,
  jobApplicationSchema,
  MAX_CV_BYTES,
} from '@parley/contracts/validation';
import { Router } from 'express';
import type { RouteDeps } from '../deps';
import { readMultipartForm } from '../multipart-form';
import { callContext, clientKey } from '../request-facts';

const FORM_FIELDS = ['name', 'email', 'links', 'coverLetter'] as const;

/**
 * /api/careers (public): the open job listings, and the application form of one. The form is
 * multipart: name, email, links (repeated), coverLetter, and the CV as the file part `cv`. Fields
 * and CV are judged (the CV by its bytes) before a rate-limit point is spent; the content service
 * judges them again.
 */
export function careersRoutes({
  editorial,
  rateLimits,
}: Pick<RouteDeps, 'editorial' | 'rateLimits'>): Router {
  const router = Router();
  router.get('/jobs', async (req, res) => {
    res.json({ success: true, data: await editorial.read('listOpenJobs', {}, callContext(req)) });
  });
  router.get('/jobs/:id', async (req, res) => {
    const data = await editorial.read('getOpenJob', { id: String(req.params.id) }, callContext(req));
    res.json({ success: true, data });
  });
  router.post('/jobs/:id/applications', async (req, res) => {
    const form = await readMultipartForm(req, {
      fileField: 'cv',
      maxFileBytes: MAX_CV_BYTES,
      fieldNames: FORM_FIELDS,
      maxFields: 12,
      maxFieldBytes: 20_000,
    });
    const one = (name: string) => form.fields.get(name)?.[0];
    const parsed = jobApplicationSchema.safeParse({
      name: one('name'),
      email: one('email'),
      links: form.fields.get('links') ?? [],
      coverLetter: one('coverLetter'),
    });
    const fields = parsed.success ? [] : fieldErrors(parsed.error);
    const cv = form.file?.truncated
      ? ({ code: 'CV_TOO_LARGE', message: EDITORIAL_MESSAGES.cvTooLarge } as const)
      : cvProblem(form.file?.data ?? new Uint8Array(0), form.file?.filename ?? '');
    if (cv) fields.push({ field: 'cv', message: cv.message });
    if (!parsed.success || cv) {
      // A CV refused on its own carries its code (413 for its size, 415 for its type).
      const code = parsed.success && cv ? cv.code : 'VALIDATION';
      throw new AppError('validation', fields[0]!.message, fields, code);
    }
    await rateLimits.consume('careersApplication', clientKey(req));
    const sent = await editorial.submitApplication(
      {
        jobId: String(req.params.id),
        input: parsed.data,
        cv: { data: form.file!.data, filename: form.file!.filename },
      },
      callContext(req),
    );
    res.status(201).json({
      success: true,
      data: sent,
      message: `Thank you for applying for ${sent.jobTitle}. We sent a confirmation to ${parsed.data.email}.`,
    });
  });
  return router;
}
