import { NextResponse, type NextRequest } from 'next/server';
import { decideAccess } from './lib/routing/access-policy';
import { isAdminToken } from './lib/server/admin-check';
import { currentSystemSettings } from './lib/server/system-settings';
import { ACCESS_COOKIE, SESSION_HINT_COOKIE } from './lib/session/cookies';

/**
 * Runs before every page: applies the system settings (maintenance, log-in and registration
 * switches) and the signed-in/signed-out guards. The rules themselves are the pure
 * decideAccess; this file only gathers its inputs.
 */
export async function proxy(request: NextRequest) {
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
  if (decision.kind === 'allow') return NextResponse.next();
  const target = new URL(decision.to, request.url);
  const response = NextResponse.redirect(target, 307);
  response.headers.set('cache-control', 'no-store');
  return response;
}

export const config = {
  // Pages only: not the API (forwarded to the gateway), Next's assets or public files.
  matcher: [
    '/((?!api/|_next/static|_next/image|favicon\\.ico|icon\\.svg|robots\\.txt|.*\\.(?:svg|png|jpg|jpeg|gif|webp|ico|txt|xml|woff2?)$).*)',
  ],
};
