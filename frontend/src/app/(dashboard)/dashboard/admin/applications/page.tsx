import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RequireAdmin } from '@/components/dashboard/RequireAdmin';
import { ApplicationsPage } from '@/components/editorial/ApplicationsPage';

export const metadata: Metadata = { title: 'Applications' };

export default function ApplicationsListPage() {
  return (
    <RequireAdmin>
      <Suspense>
        <ApplicationsPage />
      </Suspense>
    </RequireAdmin>
  );
}
