import Link from 'next/link';
import type { ComponentProps } from 'react';

/**
 * A link between dashboard pages, not prefetched. Every dashboard route is rendered per request
 * (the session cookie), so Next's automatic prefetch first asked for each linked route's
 * prerendered tree, found none, asked again for the whole route and dropped both answers: each
 * sidebar route twice per page view, nearly all of it aborted (issue 20). The pages draw
 * themselves from the API in the browser, so what a click fetches from the server is small.
 */
export function DashboardLink(props: Omit<ComponentProps<typeof Link>, 'prefetch'>) {
  return <Link {...props} prefetch={false} />;
}
