import { z } from 'zod';
import type { ApiKeyCreateInput } from '@parley/contracts/validation';
import { api } from '@/lib/api/client';

/** docs/api/public-api.md, API keys. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const fetchApiKeys = (signal?: AbortSignal) =>
  api('/api-keys', { schema: z.object({ data: z.array(apiKeySchema) }), signal });

export const createApiKey = (body: ApiKeyCreateInput) =>
  api('/api-keys', {
    method: 'POST',
    body,
    schema: z.object({ data: apiKeySchema.extend({ key: z.string() }) }),
  });

export const revokeApiKey = (id: string) => api(`/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
