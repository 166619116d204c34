import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { PAGE_ROUTES, pageRoute, UNMATCHED } from './page-routes';

const APP = join(__dirname, '..', '..', '..', 'app');

/** The URL pattern of every page.tsx under src/app: route groups `(x)` take no part in the URL. */
function pagesUnderApp(dir = APP): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return pagesUnderApp(path);
    if (entry.name !== 'page.tsx') return [];
    const segments = relative(APP, dir)
      .split(sep)
      .filter((s) => s && !/^\(.*\)$/.test(s));
    return [`/${segments.join('/')}`];
  });
}

describe('pageRoute', () => {
  it('lists every page of src/app, and nothing else', () => {
    expect([...PAGE_ROUTES].sort()).toEqual(pagesUnderApp().sort());
  });

  it.each([
    ['/', '/'],
    ['/blog', '/blog'],
    ['/blog/', '/blog'],
    ['/blog/hello-world', '/blog/[slug]'],
    ['/careers/6f1c2d', '/careers/[id]'],
    ['/dashboard/settings/domains/0b6a', '/dashboard/settings/domains/[domainId]'],
    // A static page wins over a dynamic one of the same shape.
    ['/dashboard/admin/blogs/new', '/dashboard/admin/blogs/new'],
    ['/dashboard/admin/blogs/42', '/dashboard/admin/blogs/[id]'],
  ])('%s is %s', (path, route) => {
    expect(pageRoute(path)).toBe(route);
  });

  it.each(['/wp-login.php', '/blog/a/b', '/dashboard/nope', '/.env', '/dashboard/settings/domains/x/y'])(
    '%s is unmatched, so a stranger cannot add series',
    (path) => {
      expect(pageRoute(path)).toBe(UNMATCHED);
    },
  );
});
