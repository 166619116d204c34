import { SolutionOutlined } from '@/components/icons';
import type { Metadata } from 'next';
import { ComingSoon } from '@/components/dashboard/ComingSoon';
import { RequireAdmin } from '@/components/dashboard/RequireAdmin';

export const metadata: Metadata = { title: 'Job Listings' };

export default function JobListingsPage() {
  return (
    <RequireAdmin>
      <ComingSoon
        title="Job Listings"
        description="Open positions shown on the careers page."
        icon={<SolutionOutlined />}
        emptyTitle="No job listings yet"
        emptyText="Positions you publish here appear on the public careers page."
        willShow={['Open and closed positions', 'Creating, editing and closing listings']}
      />
    </RequireAdmin>
  );
}
