import { createFileRoute } from '@tanstack/react-router';
import { CategoriesPage } from '@/features/blog-admin';
import { categoriesQuery } from '@/features/blog-admin/api';
import { BLOG_MANAGERS } from '@/features/admin-frame/roles';

export const Route = createFileRoute('/_admin/blog-categories')({
  staticData: { roles: BLOG_MANAGERS, sidebar: { label: 'navCategories', order: 130, countDoctype: 'Blog Category' } },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(categoriesQuery());
  },
  component: CategoriesPage,
});
