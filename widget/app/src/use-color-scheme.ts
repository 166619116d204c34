import { useEffect, useState } from 'react';
import type { Scheme } from '@parley/chat-display';

const QUERY = '(prefers-color-scheme: dark)';

/** The visitor's system colour scheme, following changes while the page is open. */
export function useColorScheme(): Scheme {
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
  const [dark, setDark] = useState(media?.matches ?? false);
  useEffect(() => {
    if (!media) return;
    const onChange = (e: MediaQueryListEvent) => setDark(e.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [media]);
  return dark ? 'dark' : 'light';
}
