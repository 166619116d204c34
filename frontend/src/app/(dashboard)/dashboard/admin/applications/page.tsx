import { FileTextOutlined } from '@/components/icons';
import type { Metadata } from 'next';
import { ComingSoon } from '@/components/dashboard/ComingSoon';
import { RequireAdmin } from '@/components/dashboard/RequireAdmin';

export const metadata: Metadata = { title: 'Applications' };

export default function ApplicationsPage() {
  return (
    <RequireAdmin>
      <ComingSoon
        title="Applications"
        description="Applications received for job listings."
        icon={<FileTextOutlined />}
        emptyTitle="No applications yet"
        emptyText="Applications sent for published job listings will arrive here."
        willShow={['Applications per listing, newest first', 'Each applicant’s details and review status']}
      />
    </RequireAdmin>
  );
}
