import { NextResponse, type NextRequest } from 'next/server';
import { decideAccess } from './lib/routing/access-policy';
import { isAdminToken } from './lib/server/admin-check';
import { currentMeter } from './lib/server/metrics/meter';
import { pageRoute } from './lib/server/metrics/page-routes';
import { pagePolicyFor } from './lib/server/page-policy';
import { currentSystemSettings } from './lib/server/system-settings';
import { ACCESS_COOKIE, SESSION_HINT_COOKIE } from './lib/session/cookies';

const CSP_HEADER = 'content-security-policy';

/**
 * Runs before every page: applies the system settings (maintenance, log-in and registration
 * switches) and the signed-in/signed-out guards, and gives the page its Content-Security-Policy
 * with a fresh nonce (Next.js reads it from the request's header and puts it on its scripts; the
 * root layout reads cookies, so every page renders per request). The rules themselves are the
 * pure decideAccess and contentSecurityPolicy; this file only gathers their inputs.
 */
export async function proxy(request: NextRequest) {
  const started = performance.now();
  const settings = await currentSystemSettings();
  const hasSession = request.cookies.get(SESSION_HINT_COOKIE)?.value === '1';
  const isAdmin =
    settings?.maintenanceMode && hasSession
      ? await isAdminToken(request.cookies.get(ACCESS_COOKIE)?.value)
      : false;

  const decision = decideAccess({
    pathname: request.nextUrl.pathname,
    search: request.nextUrl.searchParams,
    settings,
    hasSession,
    isAdmin,
  });
  const { nonce, policy } = pagePolicyFor(request);
  // Only the proxy's part is timed and its decision counted: the page renders after it returns,
  // and its status is not known here (errors while rendering reach onRequestError).
  currentMeter()?.proxyDecided(
    pageRoute(request.nextUrl.pathname),
    decision.kind,
    (performance.now() - started) / 1000,
  );
  if (decision.kind === 'allow') {
    const headers = new Headers(request.headers);
    headers.set(CSP_HEADER, policy);
    headers.set('x-nonce', nonce);
    const response = NextResponse.next({ request: { headers } });
    response.headers.set(CSP_HEADER, policy);
    return response;
  }
  const target = new URL(decision.to, request.url);
  const response = NextResponse.redirect(target, 307);
  response.headers.set('cache-control', 'no-store');
  response.headers.set(CSP_HEADER, policy);
  return response;
}

export const config = {
  // Pages only: not the API (forwarded to the gateway), Next's assets or public files.
  matcher: [
    '/((?!api/|_next/static|_next/image|favicon\\.ico|icon\\.svg|robots\\.txt|.*\\.(?:svg|png|jpg|jpeg|gif|webp|ico|txt|xml|woff2?)$).*)',
  ],
};
