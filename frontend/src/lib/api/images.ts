import { z } from 'zod';
import { api } from './client';

export const imageSchema = z.looseObject({ id: z.string(), url: z.string() });
export type UploadedImage = z.infer<typeof imageSchema>;

/** Where the gateway serves an uploaded image (long-cached, by id). */
export const imageUrl = (id: string) => `/api/images/${encodeURIComponent(id)}`;

/** POST /api/images (multipart, field `file`; with `domainId` it goes when the domain goes). */
export async function uploadImage(file: File, domainId?: string): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file);
  if (domainId) body.append('domainId', domainId);
  const answer = await api('/images', { method: 'POST', body, schema: z.object({ data: imageSchema }) });
  return answer.data;
}
