import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout, PostsPage } from '@/features/blog-admin';
import { postsQuery, sessionQuery } from '@/features/blog-admin/api';

export const Route = createFileRoute('/blog-admin')({
  staticData: { appHeader: false, bottomNav: false },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(sessionQuery());
    void context.queryClient.prefetchQuery(postsQuery());
  },
  component: () => (
    <AdminLayout>
      <PostsPage />
    </AdminLayout>
  ),
});
