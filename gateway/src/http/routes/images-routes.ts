import { AppError } from '@parley/contracts';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '@parley/contracts/validation';
import busboy from 'busboy';
import { Router, type ErrorRequestHandler, type Request } from 'express';
import { serviceCallerOf } from '../../auth/caller';
import { requireRole } from '../../auth/guards';
import type { ImageMeta } from '../../clients/content-client';
import type { RouteDeps } from '../deps';
import { toHttpError } from '../error-mapper';
import { callContext } from '../request-facts';
import { imageUrl } from './content-item-routes';

interface Upload {
  data: Buffer;
  filename: string;
  domainId: string;
}

/** The image rules' refusals carry their own statuses (docs/api/content.md). */
const STATUS_OF_CODE: Record<string, number> = { IMAGE_TOO_LARGE: 413, IMAGE_TYPE: 415 };

const tooLarge = () =>
  new AppError(
    'validation',
    IMAGE_MESSAGES.apiTooLarge,
    [{ field: 'file', message: IMAGE_MESSAGES.apiTooLarge }],
    'IMAGE_TOO_LARGE',
  );
const noFile = () =>
  new AppError(
    'validation',
    'Choose an image to upload',
    [{ field: 'file', message: 'Choose an image to upload' }],
    'FILE_REQUIRED',
  );

/**
 * Reads the multipart body as it streams in: the `file` part is kept up to MAX_IMAGE_BYTES, and
 * a bigger one is cut off there (the rest is read and dropped, never held), answering 413. Other
 * parts than `file` and `domainId` are ignored; the type is judged by content from the bytes.
 */
function readUpload(req: Request): Promise<Upload> {
  if (!req.is('multipart/form-data')) {
    return Promise.reject(
      new AppError(
        'validation',
        'Send the image as multipart/form-data with a field named file',
        [],
        'FILE_REQUIRED',
      ),
    );
  }
  return new Promise<Upload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4, fieldSize: 256, parts: 6 },
      });
    } catch {
      reject(new AppError('validation', 'The upload could not be read', [], 'BAD_REQUEST'));
      return;
    }
    let chunks: Buffer[] | undefined;
    let filename = '';
    let truncated = false;
    let domainId = '';
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || chunks) {
        stream.resume();
        return;
      }
      chunks = [];
      filename = info.filename ?? '';
      stream.on('data', (chunk: Buffer) => {
        if (!truncated) chunks!.push(chunk);
      });
      stream.on('limit', () => {
        truncated = true;
        chunks = [];
      });
    });
    parser.on('field', (name, value) => {
      if (name === 'domainId') domainId = value;
    });
    parser.on('error', () =>
      reject(new AppError('validation', 'The upload could not be read', [], 'BAD_REQUEST')),
    );
    parser.on('close', () => {
      if (truncated) reject(tooLarge());
      else if (!chunks) reject(noFile());
      else resolve({ data: Buffer.concat(chunks), filename, domainId });
    });
    req.on('aborted', () => parser.destroy());
    req.pipe(parser);
  });
}

const metaView = (m: ImageMeta) => ({
  id: m.id,
  url: imageUrl(m.id),
  domainId: m.domainId || null,
  contentType: m.contentType,
  size: m.size,
  width: m.width,
  height: m.height,
  createdAt: m.createdAt,
});

/** 413/415 for the image rules' refusals, in the one error shape; everything else goes on. */
const imageRefusals: ErrorRequestHandler = (error, _req, res, next) => {
  const status = error instanceof AppError && error.code ? STATUS_OF_CODE[error.code] : undefined;
  if (status === undefined || res.headersSent) {
    next(error);
    return;
  }
  const mapped = toHttpError(error);
  res.locals.errorCode = mapped.body.error.code;
  res.status(status).json(mapped.body);
};

/**
 * /api/images: upload (owner), the bytes by id (public: they appear on owners' sites, so any
 * origin may embed them; ids are random uuids), and metadata (owner only; another account's is 404).
 */
export function imagesRoutes({ content }: Pick<RouteDeps, 'content'>): Router {
  const router = Router();

  router.post('/', requireRole('OWNER', 'ADMIN'), async (req, res) => {
    const caller = serviceCallerOf(res);
    const upload = await readUpload(req);
    if (upload.data.length === 0) throw noFile();
    const meta = await content.uploadImage(caller, upload, callContext(req));
    res.status(201).json({ success: true, data: metaView(meta) });
  });

  router.get('/:id/meta', requireRole('OWNER', 'ADMIN'), async (req, res) => {
    const meta = await content.getImageMeta(serviceCallerOf(res), String(req.params.id), callContext(req));
    res.json({ success: true, data: metaView(meta) });
  });

  router.get('/:id', async (req, res) => {
    const file = await content.getImage(String(req.params.id), callContext(req));
    const etag = `"${file.etag}"`;
    res.set({
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Content-Type': file.contentType,
    });
    const presented = req.get('if-none-match');
    if (presented && presented.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
      res.status(304).end();
      return;
    }
    res.send(file.data);
  });

  router.use(imageRefusals);
  return router;
}
