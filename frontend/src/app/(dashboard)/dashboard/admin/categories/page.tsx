import type { Metadata } from 'next';
import { RequireAdmin } from '@/components/dashboard/RequireAdmin';
import { TermsPage } from '@/components/editorial/TermsPage';

export const metadata: Metadata = { title: 'Categories' };

export default function CategoriesPage() {
  return (
    <RequireAdmin>
      <TermsPage kind="category" />
    </RequireAdmin>
  );
}
