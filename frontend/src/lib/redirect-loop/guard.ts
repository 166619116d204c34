import { normalisePath } from '../routing/paths';

/**
 * Redirect-loop guard of the error catalogue: three visits to the same path within 30 seconds,
 * for the paths a broken session bounces between, clear the auth cookies and reload once.
 *
 * A loop is the app moving the browser on its own, so a person's input breaks the chain
 * (recordInteraction), and it only counts while there are auth cookies to clear: without them
 * a reset would change nothing and only interrupt the visitor.
 * Pure: the caller keeps the state (sessionStorage) and performs the reset.
 */
export const GUARDED_PATHS: readonly string[] = ['/auth', '/auth/sign-in', '/auth/sign-up', '/dashboard'];
export const LOOP_WINDOW_MS = 30_000;
export const LOOP_VISITS = 3;

export interface LoopState {
  /** Recent visit times per guarded path, oldest first. */
  visits: Record<string, number[]>;
  /** When a path last triggered a reset: it triggers again only after a full window. */
  resets: Record<string, number>;
}

export const emptyLoopState = (): LoopState => ({ visits: {}, resets: {} });

export interface VisitOutcome {
  state: LoopState;
  /** Clear the auth cookies and reload the page. */
  reset: boolean;
}

export function recordVisit(
  state: LoopState,
  pathname: string,
  now: number,
  hasAuthCookies = true,
): VisitOutcome {
  const path = normalisePath(pathname);
  if (!GUARDED_PATHS.includes(path) || !hasAuthCookies) return { state, reset: false };

  const recent = (state.visits[path] ?? []).filter((t) => now - t < LOOP_WINDOW_MS && t <= now);
  recent.push(now);
  const lastReset = state.resets[path];
  const resetRecently = lastReset !== undefined && now - lastReset < LOOP_WINDOW_MS;

  if (recent.length >= LOOP_VISITS && !resetRecently) {
    return {
      state: { visits: { ...state.visits, [path]: [] }, resets: { ...state.resets, [path]: now } },
      reset: true,
    };
  }
  return {
    state: { ...state, visits: { ...state.visits, [path]: recent.slice(-LOOP_VISITS) } },
    reset: false,
  };
}

/** A click or key press on a page: what follows is the person's doing, not a loop. */
export function recordInteraction(state: LoopState): LoopState {
  return Object.values(state.visits).some((v) => v.length) ? { ...state, visits: {} } : state;
}

/** Reads a stored state, tolerating anything (an old format, a hand-edited value). */
export function parseLoopState(raw: string | null): LoopState {
  if (!raw) return emptyLoopState();
  try {
    const value = JSON.parse(raw) as Partial<LoopState>;
    const numbers = (list: unknown) =>
      Array.isArray(list) ? list.filter((n): n is number => typeof n === 'number') : [];
    const visits: Record<string, number[]> = {};
    const resets: Record<string, number> = {};
    for (const [k, v] of Object.entries(value.visits ?? {})) visits[k] = numbers(v);
    for (const [k, v] of Object.entries(value.resets ?? {})) if (typeof v === 'number') resets[k] = v;
    return { visits, resets };
  } catch {
    return emptyLoopState();
  }
}
