import type { z } from 'zod';
import { SESSION_HINT_COOKIE } from '../session/cookies';
import { ApiError, apiErrorFrom } from './errors';

/**
 * The browser's way to the gateway: same-origin `/api/*` (forwarded by app/api/[...path]), JSON
 * in and out, cookies for the session. A 401 on an authenticated call triggers one refresh
 * (shared by concurrent callers) and one retry; if that fails the session is over.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest<T> {
  method?: Method;
  body?: unknown;
  /** Parses the successful answer; omit for answers whose body is not needed. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

/** Calls that speak for themselves on 401: retrying them after a refresh would be wrong. */
const NO_REFRESH = ['/auth/login', '/auth/refresh', '/auth/logout', '/auth/signup'];

/** What a refresh came to: new cookies, a refusal (the session is over), or no answer at all. */
type RefreshOutcome = 'renewed' | 'refused' | 'unreachable';
let refreshInFlight: Promise<RefreshOutcome> | null = null;
const sessionEndedListeners = new Set<() => void>();

/** Called once the session cannot be refreshed; the dashboard uses it to send the user to sign-in. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/**
 * POST /api/auth/refresh. TOKEN_ROTATED means another tab refreshed a moment ago and the browser
 * already holds the newer cookies, so the caller may simply retry.
 */
function renewSession(): Promise<RefreshOutcome> {
  refreshInFlight ??= fetch('/api/auth/refresh', {
    method: 'POST',
    credentials: 'same-origin',
    // Survives leaving the page: identity rotates the refresh token as it answers, so a refresh cut
    // off by a navigation would leave the browser holding a spent token, and the next page's
    // refresh would be taken for reuse and end the session.
    keepalive: true,
    headers: { accept: 'application/json' },
  })
    .then(async (res): Promise<RefreshOutcome> =>
      res.ok || errorCode(await readJson(res)) === 'TOKEN_ROTATED' ? 'renewed' : 'refused',
    )
    // No answer (the page is being left, or the network is down) says nothing about the session:
    // ending it then would send a logout that revokes the session the refresh is renewing.
    .catch((): RefreshOutcome => 'unreachable')
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

/** Whether the session was renewed (new cookies, or another tab's). */
export async function refreshSession(): Promise<boolean> {
  return (await renewSession()) === 'renewed';
}

async function send(path: string, request: ApiRequest<unknown>): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | FormData | undefined;
  // Multipart uploads: the browser writes the content type with its boundary.
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  return fetch(`/api${path}`, {
    method: request.method ?? 'GET',
    headers,
    body,
    credentials: 'same-origin',
    cache: 'no-store',
    signal: request.signal,
  });
}

function errorCode(body: unknown): unknown {
  return (body as { error?: { code?: unknown } } | undefined)?.error?.code;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function api<T = undefined>(path: string, request: ApiRequest<T> = {}): Promise<T> {
  let res = await send(path, request);
  let body = await readJson(res);
  const mayRefresh = !NO_REFRESH.some((p) => path === p || path.startsWith(`${p}/`));
  // A wrong password (e.g. when changing it) is a 401 about the input, not about the session.
  if (res.status === 401 && mayRefresh && errorCode(body) !== 'INVALID_CREDENTIALS') {
    const outcome = await renewSession();
    if (outcome === 'unreachable') throw new TypeError('The session could not be renewed: no answer');
    if (outcome === 'renewed') {
      res = await send(path, request);
      body = await readJson(res);
    }
    if (res.status === 401 && errorCode(body) !== 'INVALID_CREDENTIALS') {
      for (const listener of sessionEndedListeners) listener();
    }
  }
  if (!res.ok) throw apiErrorFrom(res.status, body, res.headers.get('retry-after'));
  if (!request.schema) return undefined as T;
  const parsed = request.schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(
      res.status,
      'INVALID_RESPONSE',
      'Parley sent an answer we did not understand. Please try again.',
    );
  }
  return parsed.data;
}

/** Ends the session on the server (clears the httpOnly cookies) and the hint cookie here. */
export async function logout(): Promise<void> {
  try {
    await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' });
  } finally {
    clearSessionHint();
  }
}

export function clearSessionHint(): void {
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
