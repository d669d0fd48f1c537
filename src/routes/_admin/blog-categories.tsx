import { createFileRoute } from '@tanstack/react-router';
import { CategoriesPage } from '@/features/blog-admin';
import { categoriesQuery } from '@/features/blog-admin/api';

export const Route = createFileRoute('/_admin/blog-categories')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(categoriesQuery());
  },
  component: CategoriesPage,
});
