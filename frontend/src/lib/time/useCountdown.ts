'use client';

import { useEffect, useState } from 'react';

/** Whole seconds left until `targetMs` (0 once passed), ticking every second. */
export function useCountdown(targetMs: number | undefined): number {
  const compute = () => (targetMs ? Math.max(0, Math.ceil((targetMs - Date.now()) / 1000)) : 0);
  const [left, setLeft] = useState(compute);

  useEffect(() => {
    const secondsLeft = () => (targetMs ? Math.max(0, Math.ceil((targetMs - Date.now()) / 1000)) : 0);
    setLeft(secondsLeft());
    if (!targetMs) return;
    const timer = window.setInterval(() => {
      const next = secondsLeft();
      setLeft(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [targetMs]);

  return left;
}
