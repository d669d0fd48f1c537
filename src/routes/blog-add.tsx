import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout, AddPostPage } from '@/features/blog-admin';
import { categoriesQuery, sessionQuery } from '@/features/blog-admin/api';

export const Route = createFileRoute('/blog-add')({
  staticData: { appHeader: false, bottomNav: false },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(sessionQuery());
    void context.queryClient.prefetchQuery(categoriesQuery());
  },
  component: () => (
    <AdminLayout>
      <AddPostPage />
    </AdminLayout>
  ),
});
