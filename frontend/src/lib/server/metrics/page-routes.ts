/**
 * Every page of src/app as its route pattern, the label requests are counted by: a path that is
 * none of them (a mistyped or probing address, answered with the 404 page) counts as `unmatched`,
 * so strangers cannot grow the number of series. A unit test keeps the list equal to the pages
 * under src/app; a new page belongs here too.
 */
export const PAGE_ROUTES = [
  '/',
  '/auth',
  '/auth/accept-invite',
  '/auth/login-disabled',
  '/auth/registration-disabled',
  '/auth/sign-in',
  '/auth/sign-up',
  '/blog',
  '/blog/[slug]',
  '/careers',
  '/careers/[id]',
  '/contact',
  '/cookies',
  '/dashboard',
  '/dashboard/admin',
  '/dashboard/admin/applications',
  '/dashboard/admin/blogs',
  '/dashboard/admin/blogs/[id]',
  '/dashboard/admin/blogs/new',
  '/dashboard/admin/categories',
  '/dashboard/admin/jobs',
  '/dashboard/admin/tags',
  '/dashboard/bookings',
  '/dashboard/conversation',
  '/dashboard/email-marketing',
  '/dashboard/profile',
  '/dashboard/settings',
  '/dashboard/settings/api-keys',
  '/dashboard/settings/domains',
  '/dashboard/settings/domains/[domainId]',
  '/dashboard/settings/webhooks',
  '/dashboard/team',
  '/maintenance',
  '/newsletter',
  '/notifications',
  '/privacy',
  '/terms',
  '/unsubscribed',
] as const;

export const UNMATCHED = 'unmatched';

interface Compiled {
  route: string;
  segments: Array<string | null>; // null: a dynamic segment, any one non-empty segment
}

const split = (path: string) => path.split('/').filter(Boolean);

// Static segments first: /dashboard/admin/blogs/new is that page, not blogs/[id] with id "new".
const COMPILED: Compiled[] = PAGE_ROUTES.map((route) => ({
  route,
  segments: split(route).map((s) => (/^\[[^\]]+\]$/.test(s) ? null : s)),
})).sort((a, b) => a.segments.filter((s) => s === null).length - b.segments.filter((s) => s === null).length);

/** The page pattern a path is served by (`/blog/[slug]` for `/blog/hello`), or `unmatched`. */
export function pageRoute(pathname: string): string {
  const parts = split(pathname);
  for (const { route, segments } of COMPILED) {
    if (segments.length === parts.length && segments.every((s, i) => s === null || s === parts[i])) {
      return route;
    }
  }
  return UNMATCHED;
}
