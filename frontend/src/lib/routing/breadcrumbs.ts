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

/** Screen 3: one crumb per path segment, capitalised, each linking to its cumulative path. */
export function breadcrumbsFor(pathname: string): Crumb[] {
  const segments = normalisePath(pathname).split('/').filter(Boolean);
  return segments.map((segment, i) => ({
    title: capitalise(segment),
    href: `/${segments.slice(0, i + 1).join('/')}`,
  }));
}
