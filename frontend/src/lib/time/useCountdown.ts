'use client';

import { useEffect, useState } from 'react';

/** Whole seconds left until `targetMs` (0 once passed), ticking every second. */
export function useCountdown(targetMs: number | undefined): number {
  const compute = () => (targetMs ? Math.max(0, Math.ceil((targetMs - Date.now()) / 1000)) : 0);
  const [left, setLeft] = useState(compute);

  useEffect(() => {
    setLeft(compute());
    if (!targetMs) return;
    const timer = window.setInterval(() => {
      const next = compute();
      setLeft(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [targetMs]);

  return left;
}
