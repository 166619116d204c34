import {
  LOOP_WINDOW_MS,
  emptyLoopState,
  parseLoopState,
  recordInteraction,
  recordVisit,
  type LoopState,
} from './guard';

function visitAll(path: string, times: number[], start: LoopState = emptyLoopState()) {
  let state = start;
  const resets: boolean[] = [];
  for (const t of times) {
    const outcome = recordVisit(state, path, t);
    state = outcome.state;
    resets.push(outcome.reset);
  }
  return { state, resets };
}

describe('redirect-loop guard', () => {
  it('resets on the third visit to a guarded path within 30 seconds', () => {
    expect(visitAll('/dashboard', [0, 1_000, 2_000]).resets).toEqual([false, false, true]);
  });

  it('does not reset for two visits', () => {
    expect(visitAll('/auth/sign-in', [0, 1_000]).resets).toEqual([false, false]);
  });

  it('does not count visits older than the window', () => {
    expect(visitAll('/auth/sign-up', [0, 20_000, LOOP_WINDOW_MS + 1]).resets).toEqual([false, false, false]);
  });

  it('counts exactly three visits spread just inside the window', () => {
    expect(visitAll('/auth', [0, 15_000, LOOP_WINDOW_MS - 1]).resets).toEqual([false, false, true]);
  });

  it('ignores paths outside the guarded list', () => {
    expect(visitAll('/dashboard/settings', [0, 1, 2, 3]).resets).toEqual([false, false, false, false]);
    expect(visitAll('/', [0, 1, 2]).resets).toEqual([false, false, false]);
  });

  it('treats a trailing slash as the same path', () => {
    let state = emptyLoopState();
    state = recordVisit(state, '/dashboard/', 0).state;
    state = recordVisit(state, '/dashboard', 1).state;
    expect(recordVisit(state, '/dashboard/', 2).reset).toBe(true);
  });

  it('counts each path on its own', () => {
    let state = emptyLoopState();
    state = recordVisit(state, '/dashboard', 0).state;
    state = recordVisit(state, '/auth/sign-in', 1).state;
    state = recordVisit(state, '/dashboard', 2).state;
    expect(recordVisit(state, '/auth/sign-in', 3).reset).toBe(false);
  });

  it('reloads only once while the loop continues inside the window', () => {
    const { resets } = visitAll('/dashboard', [0, 1, 2, 3, 4, 5, 6]);
    expect(resets).toEqual([false, false, true, false, false, false, false]);
  });

  it('may reset again once a full window has passed since the last reset', () => {
    const first = visitAll('/dashboard', [0, 1, 2]);
    const later = LOOP_WINDOW_MS + 10;
    expect(visitAll('/dashboard', [later, later + 1, later + 2], first.state).resets).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('never resets without auth cookies to clear', () => {
    let state = emptyLoopState();
    const resets: boolean[] = [];
    for (const t of [0, 1, 2, 3]) {
      const outcome = recordVisit(state, '/auth/sign-in', t, false);
      state = outcome.state;
      resets.push(outcome.reset);
    }
    expect(resets).toEqual([false, false, false, false]);
  });

  it('starts counting again after a person clicks or types', () => {
    let state = visitAll('/dashboard', [0, 1]).state;
    state = recordInteraction(state);
    expect(visitAll('/dashboard', [2], state).resets).toEqual([false]);
    expect(visitAll('/dashboard', [2, 3, 4], state).resets).toEqual([false, false, true]);
  });

  it('keeps the state as it is when an interaction follows no visits', () => {
    const state = emptyLoopState();
    expect(recordInteraction(state)).toBe(state);
  });

  it('round-trips through storage and survives garbage', () => {
    const { state } = visitAll('/dashboard', [0, 1]);
    expect(parseLoopState(JSON.stringify(state))).toEqual(state);
    expect(parseLoopState('not json')).toEqual(emptyLoopState());
    expect(
      parseLoopState(JSON.stringify({ visits: { '/dashboard': ['x', 5] }, resets: { '/auth': 'y' } })),
    ).toEqual({
      visits: { '/dashboard': [5] },
      resets: {},
    });
  });
});
