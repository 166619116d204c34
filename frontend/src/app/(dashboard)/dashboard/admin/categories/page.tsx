import { ApartmentOutlined } from '@/components/icons';
import type { Metadata } from 'next';
import { ComingSoon } from '@/components/dashboard/ComingSoon';
import { RequireAdmin } from '@/components/dashboard/RequireAdmin';

export const metadata: Metadata = { title: 'Categories' };

export default function CategoriesPage() {
  return (
    <RequireAdmin>
      <ComingSoon
        title="Categories"
        description="Categories that group Parley’s blog posts and help content."
        icon={<ApartmentOutlined />}
        emptyTitle="No categories yet"
        emptyText="Categories you create for Parley’s content will be listed here."
        willShow={['Each category with its posts', 'Creating, renaming and removing categories']}
      />
    </RequireAdmin>
  );
}
