import { normalisePath } from './paths';

export interface Crumb {
  title: string;
  href: string;
}

/** 'email-marketing' -> 'Email Marketing' */
export function capitalise(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // keep the raw segment
  }
  return decoded
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** A record's id in the path (a UUID) says nothing to a person: its crumb names what it is. */
const ID_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID_TITLES: Record<string, string> = { domains: 'Domain', products: 'Product' };

/** Segments whose capitalised form reads wrong ('Api Keys'). */
const SEGMENT_TITLES: Record<string, string> = { 'api-keys': 'API Keys' };

/** Screen 3: one crumb per path segment, capitalised, each linking to its cumulative path. */
export function breadcrumbsFor(pathname: string): Crumb[] {
  const segments = normalisePath(pathname).split('/').filter(Boolean);
  return segments.map((segment, i) => ({
    title: ID_SEGMENT.test(segment)
      ? (ID_TITLES[segments[i - 1] ?? ''] ?? 'Details')
      : (SEGMENT_TITLES[segment] ?? capitalise(segment)),
    href: `/${segments.slice(0, i + 1).join('/')}`,
  }));
}
