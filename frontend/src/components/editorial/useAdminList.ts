'use client';

import { useCallback, useEffect, useState } from 'react';
import { errorSentence } from '@/lib/api/errors';

export type ListLoad<T> =
  | { kind: 'loading'; last: T | null }
  | { kind: 'ready'; value: T }
  | { kind: 'failed'; message: string; last: T | null };

/**
 * One admin list, loaded again when `key` (its filters, its page) changes and on `reload()`; the
 * last answer stays on screen while the next loads.
 */
export function useAdminList<T>(key: string, fetcher: (signal: AbortSignal) => Promise<T>) {
  const [load, setLoad] = useState<ListLoad<T>>({ kind: 'loading', last: null });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  useEffect(() => {
    const controller = new AbortController();
    setLoad((current) => ({
      kind: 'loading',
      last: current.kind === 'ready' ? current.value : current.last,
    }));
    fetcher(controller.signal)
      .then((value) => setLoad({ kind: 'ready', value }))
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        setLoad((current) => ({
          kind: 'failed',
          message: errorSentence(e),
          last: current.kind === 'ready' ? current.value : current.last,
        }));
      });
    return () => controller.abort();
    // The fetcher is re-created on each render; `key` names what it fetches, so only it re-runs this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  const value = load.kind === 'ready' ? load.value : load.last;
  return { load, value, reload };
}
