import type { Metadata } from 'next';
import { Suspense } from 'react';
import { BookingsPage } from '@/components/bookings/BookingsPage';

export const metadata: Metadata = { title: 'Bookings' };

export default function Bookings() {
  return (
    // The view (domain, period, order, page) lives in the query, read with useSearchParams.
    <Suspense>
      <BookingsPage />
    </Suspense>
  );
}
