import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RequireAdmin } from '@/components/dashboard/RequireAdmin';
import { PostsPage } from '@/components/editorial/PostsPage';

export const metadata: Metadata = { title: 'Blog Posts' };

export default function BlogPostsPage() {
  return (
    <RequireAdmin>
      <Suspense>
        <PostsPage />
      </Suspense>
    </RequireAdmin>
  );
}
