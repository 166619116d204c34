import { createHash, randomUUID } from 'node:crypto';
import { contentError } from '@parley/contracts';
import { acceptImage } from '../domain/images/acceptance';
import type { Caller, ContentDeps } from './deps';
import { isUuid, requireDomain } from './guards';

export interface ImageMeta {
  id: string;
  domainId: string;
  contentType: string;
  size: number;
  width: number;
  height: number;
  createdAt: string;
}

export interface ImageFile {
  contentType: string;
  etag: string;
  data: Buffer;
}

const imageNotFound = () => contentError('not_found', 'Image not found', 'NOT_FOUND');

/** Judges the bytes (size, type, pixels) before anything is written: a refused file leaves no trace. */
export async function uploadImage(
  deps: ContentDeps,
  caller: Caller,
  upload: { data: Buffer; filename: string; domainId: string; declaredType?: string },
): Promise<ImageMeta> {
  const sniffed = acceptImage(upload.data, upload.filename, upload.declaredType);
  const domainId = upload.domainId.trim();
  if (domainId) await requireDomain(deps.pool, caller.accountId, domainId);
  const id = randomUUID();
  const etag = createHash('sha256').update(upload.data).digest('base64url');
  const { rows } = await deps.pool.query<{ created_at: Date }>(
    `INSERT INTO images (id, account_id, domain_id, content_type, size, width, height, etag, bytes, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING created_at`,
    [
      id,
      caller.accountId,
      domainId || null,
      sniffed.contentType,
      upload.data.length,
      sniffed.width,
      sniffed.height,
      etag,
      upload.data,
      caller.userId,
    ],
  );
  return {
    id,
    domainId,
    contentType: sniffed.contentType,
    size: upload.data.length,
    width: sniffed.width,
    height: sniffed.height,
    createdAt: rows[0]!.created_at.toISOString(),
  };
}

/** Public: anyone with the id gets the bytes (they are shown on owners' sites). */
export async function getImageFile(deps: ContentDeps, id: string): Promise<ImageFile> {
  if (!isUuid(id)) throw imageNotFound();
  const { rows } = await deps.pool.query<{ content_type: string; etag: string; bytes: Buffer }>(
    'SELECT content_type, etag, bytes FROM images WHERE id = $1',
    [id],
  );
  if (!rows[0]) throw imageNotFound();
  return { contentType: rows[0].content_type, etag: rows[0].etag, data: rows[0].bytes };
}

export async function getImageMeta(deps: ContentDeps, caller: Caller, id: string): Promise<ImageMeta> {
  if (!isUuid(id)) throw imageNotFound();
  const { rows } = await deps.pool.query<{
    id: string;
    domain_id: string | null;
    content_type: string;
    size: number;
    width: number;
    height: number;
    created_at: Date;
  }>(
    `SELECT id, domain_id, content_type, size, width, height, created_at FROM images
     WHERE id = $1 AND account_id = $2`,
    [id, caller.accountId],
  );
  const r = rows[0];
  if (!r) throw imageNotFound();
  return {
    id: r.id,
    domainId: r.domain_id ?? '',
    contentType: r.content_type,
    size: r.size,
    width: r.width,
    height: r.height,
    createdAt: r.created_at.toISOString(),
  };
}
