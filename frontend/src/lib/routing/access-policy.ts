import type { SystemSettings } from '../api/types';
import {
  ADMIN_SIGN_IN_PARAM,
  PATHS,
  RETURN_PARAM,
  isProtectedPath,
  normalisePath,
  safeReturnPath,
  signInUrlFor,
} from './paths';

export interface AccessRequest {
  pathname: string;
  search: URLSearchParams;
  /** null when the settings could not be read: the site then stays open (the API still enforces them). */
  settings: SystemSettings | null;
  /** The `parley_session` hint cookie: the user has (or recently had) a session. */
  hasSession: boolean;
  /** Only looked up when maintenance mode makes it matter. */
  isAdmin: boolean;
}

export type AccessDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

const allow: AccessDecision = { kind: 'allow' };
const redirect = (to: string): AccessDecision => ({ kind: 'redirect', to });

/**
 * Where a page request may go, per spec section 2: maintenance first (admins still get in), then
 * disabled log-in or registration, then the signed-in/signed-out guards. Each rule sends the
 * request to a page that no other rule sends away again, so the rules cannot loop.
 */
export function decideAccess(request: AccessRequest): AccessDecision {
  const path = normalisePath(request.pathname);
  const { settings, hasSession } = request;
  const adminSignIn = request.search.has(ADMIN_SIGN_IN_PARAM);
  const isSignIn = path === PATHS.signIn || path === PATHS.auth;

  if (settings?.maintenanceMode && !request.isAdmin) {
    if (path === PATHS.maintenance) return allow;
    // Administrators sign in through a marked link on the maintenance page.
    if (isSignIn && adminSignIn) return allow;
    return redirect(PATHS.maintenance);
  }
  if (path === PATHS.maintenance && settings && !settings.maintenanceMode) return redirect(PATHS.home);

  if (settings && !settings.loginEnabled) {
    if (isSignIn && !adminSignIn && !hasSession) return redirect(PATHS.loginDisabled);
  } else if (settings && path === PATHS.loginDisabled) {
    return redirect(PATHS.signIn);
  }

  if (settings && !settings.registrationEnabled) {
    if (path === PATHS.signUp && !hasSession) return redirect(PATHS.registrationDisabled);
  } else if (settings && path === PATHS.registrationDisabled) {
    return redirect(PATHS.signUp);
  }

  if (isProtectedPath(path) && !hasSession) {
    return redirect(signInUrlFor(`${path}${request.search.size ? `?${request.search}` : ''}`));
  }
  if ((isSignIn || path === PATHS.signUp) && hasSession) {
    return redirect(safeReturnPath(request.search.get(RETURN_PARAM)) ?? PATHS.dashboard);
  }
  if (path === PATHS.auth)
    return redirect(`${PATHS.signIn}${request.search.size ? `?${request.search}` : ''}`);
  return allow;
}
