/**
 * Puts `href` (a path and/or query of the page being shown) in the address bar in place of the
 * current entry. Next's router follows the browser's own history calls (useSearchParams and
 * usePathname update at once), where `router.replace` first fetches the route's server payload
 * again: for a change that only says which tab, room or filter is open, that made every click
 * wait on the server, seconds when it was busy.
 */
export function replaceQuery(href: string): void {
  window.history.replaceState(null, '', href);
}
