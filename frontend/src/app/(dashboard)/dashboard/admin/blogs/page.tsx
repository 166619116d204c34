import { ReadOutlined } from '@/components/icons';
import type { Metadata } from 'next';
import { ComingSoon } from '@/components/dashboard/ComingSoon';
import { RequireAdmin } from '@/components/dashboard/RequireAdmin';

export const metadata: Metadata = { title: 'Blog Posts' };

export default function BlogPostsPage() {
  return (
    <RequireAdmin>
      <ComingSoon
        title="Blog Posts"
        description="Articles published on Parley’s website."
        icon={<ReadOutlined />}
        emptyTitle="No blog posts yet"
        emptyText="Posts written for Parley’s blog will be listed here with their status."
        willShow={[
          'Drafts and published posts with their tags and categories',
          'Writing, editing and publishing posts',
        ]}
      />
    </RequireAdmin>
  );
}
