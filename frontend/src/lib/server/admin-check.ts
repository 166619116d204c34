import { meResponseSchema } from '../api/types';
import { gatewayJson } from './gateway';

/**
 * Whether an access token belongs to an ADMIN, asked of the gateway (GET /api/user/me answers
 * admins even in maintenance mode). Only needed while maintenance is on; answers are kept for
 * 30 seconds per token so an admin's page views do not each cost a call.
 */
const TTL_MS = 30_000;
const MAX_ENTRIES = 500;
const KEY = Symbol.for('parley.frontend.adminCheck');
type Holder = { [KEY]?: Map<string, { admin: boolean; expiresAt: number }> };

export async function isAdminToken(accessToken: string | undefined): Promise<boolean> {
  if (!accessToken) return false;
  const holder = globalThis as Holder;
  const cache = (holder[KEY] ??= new Map());
  const now = Date.now();
  const hit = cache.get(accessToken);
  if (hit && hit.expiresAt > now) return hit.admin;

  let admin: boolean;
  try {
    const me = await gatewayJson('/user/me', meResponseSchema, {
      headers: { authorization: `Bearer ${accessToken}` },
      timeoutMs: 2_000,
    });
    admin = me.user.role === 'ADMIN';
  } catch {
    // Not signed in, not an admin (503 in maintenance), or the gateway is unreachable.
    admin = false;
  }
  if (cache.size >= MAX_ENTRIES) {
    for (const [token, entry] of cache) if (entry.expiresAt <= now) cache.delete(token);
    if (cache.size >= MAX_ENTRIES) cache.clear();
  }
  cache.set(accessToken, { admin, expiresAt: now + TTL_MS });
  return admin;
}
