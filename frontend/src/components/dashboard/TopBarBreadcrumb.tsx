'use client';

import { Breadcrumb } from 'antd';
import { DashboardLink } from '@/components/dashboard/DashboardLink';
import { usePathname } from 'next/navigation';
import { breadcrumbsFor } from '@/lib/routing/breadcrumbs';
import styles from './TopBarBreadcrumb.module.css';

/**
 * Screen 3: a crumb per path segment, each linking to its cumulative path. On a phone the top
 * bar has room for one, so the page's own crumb shows whole and those above it fold into a "…"
 * menu (CSS picks the form, so the server's page is already the right one).
 */
export function TopBarBreadcrumb() {
  const pathname = usePathname();
  const crumbs = breadcrumbsFor(pathname);
  const last = crumbs.length - 1;
  const ancestors = crumbs.slice(0, last);
  return (
    <Breadcrumb
      className={styles.breadcrumb}
      data-testid="breadcrumb"
      items={[
        ...(ancestors.length > 0
          ? [
              {
                key: 'ancestors',
                title: (
                  <button type="button" className={styles.more} aria-label="Pages above this one">
                    …
                  </button>
                ),
                menu: {
                  items: ancestors.map((c) => ({
                    key: c.href,
                    label: <DashboardLink href={c.href}>{c.title}</DashboardLink>,
                  })),
                },
                dropdownProps: { trigger: ['click' as const] },
              },
            ]
          : []),
        ...crumbs.map((c, i) => ({
          key: c.href,
          title: (
            <DashboardLink
              href={c.href}
              className={i === last ? styles.current : styles.ancestor}
              aria-current={i === last ? 'page' : undefined}
            >
              {c.title}
            </DashboardLink>
          ),
        })),
      ]}
    />
  );
}
