import type { Metadata } from 'next';
import { RequireAdmin } from '@/components/dashboard/RequireAdmin';
import { PostEditor } from '@/components/editorial/PostEditor';

export const metadata: Metadata = { title: 'New post' };

export default function NewPostPage() {
  return (
    <RequireAdmin>
      <PostEditor />
    </RequireAdmin>
  );
}
