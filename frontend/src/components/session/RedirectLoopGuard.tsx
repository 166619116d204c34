'use client';

import { useEffect } from 'react';
import { clearSessionHint } from '@/lib/api/client';
import { parseLoopState, recordVisit } from '@/lib/redirect-loop/guard';

const STORAGE_KEY = 'parley.redirectLoop';

/**
 * Counts page loads of the guarded paths and breaks a loop by clearing the auth cookies
 * (the httpOnly ones through POST /api/auth/logout) and reloading once.
 *
 * Only fresh document loads count, not in-app link clicks, reloads or back/forward: a loop is
 * the app sending the browser round in circles, and a person clicking "Dashboard" a few times in
 * half a minute must not be signed out.
 */
export function RedirectLoopGuard() {
  useEffect(() => {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (entry && entry.type !== 'navigate') return;

    let storage: Storage;
    try {
      storage = window.sessionStorage;
    } catch {
      return; // storage blocked: nothing to count with
    }
    const outcome = recordVisit(
      parseLoopState(storage.getItem(STORAGE_KEY)),
      window.location.pathname,
      Date.now(),
    );
    storage.setItem(STORAGE_KEY, JSON.stringify(outcome.state));
    if (!outcome.reset) return;

    clearSessionHint();
    fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' })
      .catch(() => undefined)
      .finally(() => window.location.reload());
  }, []);
  return null;
}
