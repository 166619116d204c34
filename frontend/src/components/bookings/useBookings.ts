'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { errorSentence } from '@/lib/api/errors';
import { useNotifications } from '@/components/notifications/NotificationsProvider';
import { fetchBookings, type BookingPage } from './api';
import type { BookingsView } from './view';

export type BookingsLoad =
  | { kind: 'loading'; last: BookingPage | null }
  | { kind: 'ready'; page: BookingPage }
  | { kind: 'failed'; message: string; last: BookingPage | null };

/**
 * One page of bookings for `view`, loaded again whenever the view changes, on `reload()`, and when
 * a BOOKING notification arrives over the socket (a visitor just booked): the list follows
 * without a reload of the page. While loading, the last page stays on screen.
 */
export function useBookings(view: BookingsView): { load: BookingsLoad; reload(): void } {
  const [load, setLoad] = useState<BookingsLoad>({ kind: 'loading', last: null });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const { domainId, when, sort, page, pageSize } = view;

  useEffect(() => {
    const controller = new AbortController();
    setLoad((current) => ({ kind: 'loading', last: current.kind === 'ready' ? current.page : current.last }));
    fetchBookings({ domainId, when, sort, page, pageSize }, controller.signal)
      .then((answer) => setLoad({ kind: 'ready', page: answer }))
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        setLoad((current) => ({
          kind: 'failed',
          message: errorSentence(e),
          last: current.kind === 'ready' ? current.page : current.last,
        }));
      });
    return () => controller.abort();
  }, [domainId, when, sort, page, pageSize, round]);

  // A BOOKING the socket brought after the page opened means a new booking: read the page again.
  const { list, status } = useNotifications();
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    // The bell's first list is what was there before; only what comes after it is new.
    if (status === 'loading') return;
    const ids = list.filter((n) => n.type === 'BOOKING').map((n) => n.id);
    if (known.current && ids.some((id) => !known.current!.has(id))) reload();
    known.current = new Set([...(known.current ?? []), ...ids]);
  }, [list, status, reload]);

  return { load, reload };
}
