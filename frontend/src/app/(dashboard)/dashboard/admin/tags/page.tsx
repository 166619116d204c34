import { TagsOutlined } from '@/components/icons';
import type { Metadata } from 'next';
import { ComingSoon } from '@/components/dashboard/ComingSoon';
import { RequireAdmin } from '@/components/dashboard/RequireAdmin';

export const metadata: Metadata = { title: 'Content Tags' };

export default function ContentTagsPage() {
  return (
    <RequireAdmin>
      <ComingSoon
        title="Content Tags"
        description="Tags that organise blog posts and help content across Parley."
        icon={<TagsOutlined />}
        emptyTitle="No tags yet"
        emptyText="Tags you create for Parley’s content will be listed here."
        willShow={['Each tag with the number of posts using it', 'Creating, renaming and removing tags']}
      />
    </RequireAdmin>
  );
}
