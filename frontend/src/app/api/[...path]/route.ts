import type { NextRequest } from 'next/server';
import { systemSettingsResponseSchema } from '@/lib/api/types';
import { runtimeConfig } from '@/lib/server/runtime-config';
import { rememberSystemSettings } from '@/lib/server/system-settings';

/**
 * The browser's /api/* on the frontend's own origin, streamed through to the gateway at
 * GATEWAY_URL (read at run time): method, headers, body, status and every Set-Cookie pass
 * through, so the gateway's cookies land on this origin with their own paths.
 */
export const dynamic = 'force-dynamic';

// Per-connection headers (RFC 9110 section 7.6.1) are not forwarded in either direction.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

function requestHeaders(request: NextRequest): Headers {
  const headers = new Headers();
  request.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name) && name !== 'accept-encoding' && name !== 'content-length')
      headers.set(name, value);
  });
  const url = new URL(request.url);
  const host = request.headers.get('host');
  if (host && !headers.has('x-forwarded-host')) headers.set('x-forwarded-host', host);
  if (!headers.has('x-forwarded-proto')) headers.set('x-forwarded-proto', url.protocol.replace(':', ''));
  return headers;
}

/** The gateway's cookies belong to this origin: a Domain attribute naming the gateway's host would be rejected. */
function withoutDomain(setCookie: string): string {
  return setCookie
    .split(';')
    .filter((part) => !/^\s*domain\s*=/i.test(part))
    .join(';');
}

function responseHeaders(upstream: Response): Headers {
  const headers = new Headers();
  upstream.headers.forEach((value, name) => {
    // fetch has already decoded the body, so its encoding and length no longer apply.
    if (
      HOP_BY_HOP.has(name) ||
      name === 'set-cookie' ||
      name === 'content-encoding' ||
      name === 'content-length'
    )
      return;
    headers.set(name, value);
  });
  for (const cookie of upstream.headers.getSetCookie()) headers.append('set-cookie', withoutDomain(cookie));
  return headers;
}

function unreachable(): Response {
  return Response.json(
    {
      error: {
        code: 'UNAVAILABLE',
        message: 'Parley is not reachable right now. Please try again in a moment.',
        fields: [],
      },
    },
    { status: 502, headers: { 'cache-control': 'no-store' } },
  );
}

async function forward(request: NextRequest): Promise<Response> {
  const url = new URL(request.url);
  const target = `${runtimeConfig().gatewayUrl}${url.pathname}${url.search}`;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';

  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: request.method,
      headers: requestHeaders(request),
      body: hasBody ? request.body : undefined,
      redirect: 'manual',
      cache: 'no-store',
      signal: request.signal,
      // Streams the request body instead of buffering it (required by fetch for stream bodies).
      ...(hasBody ? { duplex: 'half' } : {}),
    } as RequestInit);
  } catch (error) {
    if (request.signal.aborted) return new Response(null, { status: 499 });
    console.error('frontend: gateway unreachable', {
      target,
      error: error instanceof Error ? error.message : error,
    });
    return unreachable();
  }

  if (url.pathname === '/api/system-settings' && request.method === 'PUT' && upstream.ok) {
    // Our own proxy should apply the change at once; read a copy, stream the original.
    const parsed = systemSettingsResponseSchema.safeParse(
      await upstream
        .clone()
        .json()
        .catch(() => undefined),
    );
    if (parsed.success) rememberSystemSettings(parsed.data.data);
  }

  return new Response(upstream.body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: responseHeaders(upstream),
  });
}

export const GET = forward;
export const HEAD = forward;
export const POST = forward;
export const PUT = forward;
export const PATCH = forward;
export const DELETE = forward;
export const OPTIONS = forward;
