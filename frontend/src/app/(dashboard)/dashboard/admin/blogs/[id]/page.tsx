import type { Metadata } from 'next';
import { RequireAdmin } from '@/components/dashboard/RequireAdmin';
import { PostEditor } from '@/components/editorial/PostEditor';

export const metadata: Metadata = { title: 'Edit post' };

export default async function EditPostPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <RequireAdmin>
      <PostEditor key={id} id={id} />
    </RequireAdmin>
  );
}
