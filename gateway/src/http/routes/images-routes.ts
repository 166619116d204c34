import { AppError } from '@parley/contracts';
import { IMAGE_MESSAGES, invalidTextError, isSafeText, MAX_IMAGE_BYTES } from '@parley/contracts/validation';
import busboy from 'busboy';
import { Router, type ErrorRequestHandler, type Request } from 'express';
import { serviceCallerOf } from '../../auth/caller';
import { requireRole } from '../../auth/guards';
import type { ImageMeta } from '../../clients/content-client';
import type { RouteDeps } from '../deps';
import { valueOfCode, type CodeTable } from '../error-codes';
import { toHttpError } from '../error-mapper';
import { callContext } from '../request-facts';
import { imageUrl } from './content-item-routes';

interface Upload {
  data: Buffer;
  filename: string;
  domainId: string;
  /** The file part's Content-Type as the client declared it; content holds it against the bytes. */
  declaredType: string;
}

/** The image rules' refusals carry their own statuses (docs/api/content.md). */
const STATUS_OF_CODE: CodeTable<number> = {
  IMAGE_TOO_LARGE: 413,
  IMAGE_TYPE: 415,
  UNSUPPORTED_ENCODING: 415,
};

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
const unreadable = () => new AppError('validation', 'The upload could not be read', [], 'BAD_REQUEST');

/**
 * Reads the multipart body as it streams in: the `file` part is kept up to MAX_IMAGE_BYTES, and
 * a bigger one is cut off there (the rest is read and dropped, never held), answering 413. Other
 * parts than `file` and `domainId` are ignored; the type is judged by content from the bytes.
 * Settles once: a body that ends mid-part, a dropped connection or text no store can keep
 * (INVALID_TEXT) ends the read with a refusal, never an error nobody listens to.
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
  const encoding = (req.get('content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity') {
    return Promise.reject(
      new AppError('validation', 'Send the upload without a Content-Encoding', [], 'UNSUPPORTED_ENCODING'),
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
      reject(unreadable());
      return;
    }
    let settled = false;
    let chunks: Buffer[] | undefined;
    let filename = '';
    let declaredType = '';
    let truncated = false;
    let domainId = '';
    /** The first refusal wins; the rest of the body is read and dropped so the answer can go out. */
    const refuse = (error: AppError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      parser.removeAllListeners('file').removeAllListeners('field');
      req.resume();
      reject(error);
    };
    parser.on('file', (name, stream, info) => {
      // Every file stream can fail on its own (a body cut off mid-file): each gets a listener.
      stream.on('error', () => refuse(unreadable()));
      if (name !== 'file' || chunks) {
        stream.resume();
        return;
      }
      if (!isSafeText(info.filename ?? '') || !isSafeText(info.mimeType ?? '')) {
        stream.resume();
        refuse(invalidTextError('file'));
        return;
      }
      chunks = [];
      filename = info.filename ?? '';
      declaredType = info.mimeType ?? '';
      stream.on('data', (chunk: Buffer) => {
        if (!truncated) chunks!.push(chunk);
      });
      stream.on('limit', () => {
        truncated = true;
        chunks = [];
      });
    });
    parser.on('field', (name, value) => {
      if (!isSafeText(name) || !isSafeText(value))
        refuse(invalidTextError(isSafeText(name) ? name : undefined));
      else if (name === 'domainId') domainId = value;
    });
    parser.on('error', () => refuse(unreadable()));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      if (truncated) reject(tooLarge());
      else if (!chunks) reject(noFile());
      else resolve({ data: Buffer.concat(chunks), filename, domainId, declaredType });
    });
    req.on('aborted', () => {
      refuse(unreadable());
      parser.destroy();
    });
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
  const status =
    error instanceof AppError && error.code ? valueOfCode(STATUS_OF_CODE, error.code) : undefined;
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
