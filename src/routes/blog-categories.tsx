import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout, CategoriesPage } from '@/features/blog-admin';
import { categoriesQuery, sessionQuery } from '@/features/blog-admin/api';

export const Route = createFileRoute('/blog-categories')({
  staticData: { appHeader: false, bottomNav: false },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(sessionQuery());
    void context.queryClient.prefetchQuery(categoriesQuery());
  },
  component: () => (
    <AdminLayout>
      <CategoriesPage />
    </AdminLayout>
  ),
});
