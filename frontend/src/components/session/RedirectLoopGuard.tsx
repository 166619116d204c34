'use client';

import { useEffect } from 'react';
import { clearSessionHint } from '@/lib/api/client';
import { parseLoopState, recordInteraction, recordVisit } from '@/lib/redirect-loop/guard';
import { SESSION_HINT_COOKIE } from '@/lib/session/cookies';

const STORAGE_KEY = 'parley.redirectLoop';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked: nothing to count with
  }
}

/**
 * Counts page loads of the guarded paths and breaks a loop by clearing the auth cookies
 * (the httpOnly ones through POST /api/auth/logout) and reloading once.
 *
 * Only fresh document loads count, not in-app link clicks, reloads or back/forward, and any click
 * or key press starts the count again: a loop is the app sending the browser round in circles,
 * and a person moving around the dashboard must never be signed out by it.
 */
export function RedirectLoopGuard() {
  useEffect(() => {
    const store = storage();
    if (!store) return;

    const onInteraction = () => {
      const state = parseLoopState(store.getItem(STORAGE_KEY));
      const next = recordInteraction(state);
      if (next !== state) store.setItem(STORAGE_KEY, JSON.stringify(next));
    };
    document.addEventListener('pointerdown', onInteraction, { capture: true, passive: true });
    document.addEventListener('keydown', onInteraction, { capture: true, passive: true });
    const stopListening = () => {
      document.removeEventListener('pointerdown', onInteraction, { capture: true });
      document.removeEventListener('keydown', onInteraction, { capture: true });
    };

    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (entry && entry.type !== 'navigate') return stopListening;

    const hasAuthCookies = document.cookie.split('; ').includes(`${SESSION_HINT_COOKIE}=1`);
    const outcome = recordVisit(
      parseLoopState(store.getItem(STORAGE_KEY)),
      window.location.pathname,
      Date.now(),
      hasAuthCookies,
    );
    store.setItem(STORAGE_KEY, JSON.stringify(outcome.state));
    if (outcome.reset) {
      clearSessionHint();
      fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' })
        .catch(() => undefined)
        .finally(() => window.location.reload());
    }
    return stopListening;
  }, []);
  return null;
}
