import type { z } from 'zod';
import { ApiError, apiErrorFrom } from '../api/errors';
import { runtimeConfig } from './runtime-config';

/**
 * Server-side calls to the gateway (server components, proxy): straight to GATEWAY_URL, no
 * detour through our own /api route. Every call has a deadline so a slow gateway cannot hang a page.
 */
export async function gatewayJson<T>(
  path: string,
  schema: z.ZodType<T>,
  init: { headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<T> {
  const config = runtimeConfig();
  const res = await fetch(`${config.gatewayUrl}/api${path}`, {
    headers: { accept: 'application/json', ...init.headers },
    cache: 'no-store',
    signal: AbortSignal.timeout(init.timeoutMs ?? config.gatewayTimeoutMs),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!res.ok) throw apiErrorFrom(res.status, body, res.headers.get('retry-after'));
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(502, 'INVALID_RESPONSE', `Unexpected answer from GET ${path}`);
  return parsed.data;
}
