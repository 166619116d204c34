'use client';

import { useCallback, useEffect, useState } from 'react';
import { fetchSubscription, type SubscriptionDetails } from '@/lib/api/payments';

/** Spec section 9: subscription details are refetched every 30 seconds. */
export const SUBSCRIPTION_POLL_MS = 30_000;

export type SubscriptionLoad =
  { kind: 'loading' } | { kind: 'ready'; details: SubscriptionDetails } | { kind: 'failed'; message: string };

/**
 * The account's subscription details, polled every 30 s and on demand (after an upgrade, a
 * cancellation). A failed poll keeps the last answer; with none at all it reports the failure.
 */
export function useSubscription(): { load: SubscriptionLoad; refetch(): Promise<void> } {
  const [load, setLoad] = useState<SubscriptionLoad>({ kind: 'loading' });
  const refetch = useCallback(async (signal?: AbortSignal) => {
    try {
      const body = await fetchSubscription(signal);
      setLoad({ kind: 'ready', details: body.data });
    } catch (e) {
      if (signal?.aborted) return;
      const message = e instanceof Error && e.message ? e.message : 'Failed to fetch subscription details';
      setLoad((current) => (current.kind === 'ready' ? current : { kind: 'failed', message }));
    }
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    void refetch(controller.signal);
    const timer = setInterval(() => void refetch(controller.signal), SUBSCRIPTION_POLL_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [refetch]);
  return { load, refetch: () => refetch() };
}
