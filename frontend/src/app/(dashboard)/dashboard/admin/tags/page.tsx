import type { Metadata } from 'next';
import { RequireAdmin } from '@/components/dashboard/RequireAdmin';
import { TermsPage } from '@/components/editorial/TermsPage';

export const metadata: Metadata = { title: 'Content Tags' };

export default function ContentTagsPage() {
  return (
    <RequireAdmin>
      <TermsPage kind="tag" />
    </RequireAdmin>
  );
}
