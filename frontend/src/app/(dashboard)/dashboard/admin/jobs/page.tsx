import type { Metadata } from 'next';
import { RequireAdmin } from '@/components/dashboard/RequireAdmin';
import { JobsPage } from '@/components/editorial/JobsPage';

export const metadata: Metadata = { title: 'Job Listings' };

export default function JobListingsPage() {
  return (
    <RequireAdmin>
      <JobsPage />
    </RequireAdmin>
  );
}
