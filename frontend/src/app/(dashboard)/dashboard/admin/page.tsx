import type { Metadata } from 'next';
import { AdminOverview } from '@/components/dashboard/AdminOverview';
import { RequireAdmin } from '@/components/dashboard/RequireAdmin';

export const metadata: Metadata = { title: 'Admin Overview' };

export default function AdminOverviewPage() {
  return (
    <RequireAdmin>
      <AdminOverview />
    </RequireAdmin>
  );
}
