/** Every route the app redirects to or guards, in one place. */
export const PATHS = {
  home: '/',
  auth: '/auth',
  signIn: '/auth/sign-in',
  signUp: '/auth/sign-up',
  loginDisabled: '/auth/login-disabled',
  registrationDisabled: '/auth/registration-disabled',
  maintenance: '/maintenance',
  dashboard: '/dashboard',
  profile: '/dashboard/profile',
  adminOverview: '/dashboard/admin',
  adminBlogs: '/dashboard/admin/blogs',
  adminApplications: '/dashboard/admin/applications',
  blog: '/blog',
  careers: '/careers',
  notifications: '/notifications',
  settings: '/dashboard/settings',
  bookings: '/dashboard/bookings',
} as const;

/** Screens 9 and 10: one domain's settings, widget and content. */
export const domainSettingsPath = (domainId: string, section?: string) =>
  `${PATHS.settings}/domains/${encodeURIComponent(domainId)}${section ? `/${section}` : ''}`;

/** The query parameter carrying where to go after signing in. */
export const RETURN_PARAM = 'next';

/** Marks the sign-in page as the administrators' way in while login or the site is switched off. */
export const ADMIN_SIGN_IN_PARAM = 'admin';

const PROTECTED_PREFIXES = [PATHS.dashboard, PATHS.notifications];

export function normalisePath(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.replace(/\/+$/, '') || '/';
  return pathname;
}

export function isUnder(pathname: string, prefix: string): boolean {
  const path = normalisePath(pathname);
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PREFIXES.some((prefix) => isUnder(pathname, prefix));
}

/**
 * A return path from the query string, only when it stays on this site and leads somewhere a
 * signed-in user belongs: an absolute or protocol-relative URL would be an open redirect.
 */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || value.length > 2048) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // Control characters (tabs, newlines) are stripped by URL parsers and could smuggle a host in.
  if ([...value].some((c) => c.charCodeAt(0) < 0x20)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value, 'http://parley.invalid');
  } catch {
    return undefined;
  }
  if (parsed.origin !== 'http://parley.invalid') return undefined;
  if (isUnder(parsed.pathname, PATHS.auth) || isUnder(parsed.pathname, PATHS.maintenance)) return undefined;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** `/auth/sign-in?next=<path>` for a signed-out visitor of a protected page. */
export function signInUrlFor(returnPath: string | undefined): string {
  const safe = safeReturnPath(returnPath);
  if (!safe || safe === PATHS.dashboard) return PATHS.signIn;
  return `${PATHS.signIn}?${RETURN_PARAM}=${encodeURIComponent(safe)}`;
}
