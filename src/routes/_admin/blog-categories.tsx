import { createFileRoute } from '@tanstack/react-router';
import { CategoriesPage } from '@/features/back-office/blog';
import { categoriesQuery } from '@/features/back-office/blog/api';
import { BLOG_MANAGERS } from '@/features/back-office/frame/roles';

export const Route = createFileRoute('/_admin/blog-categories')({
  staticData: { roles: BLOG_MANAGERS, sidebar: { label: 'navCategories', order: 130, countDoctype: 'Blog Category' } },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(categoriesQuery());
  },
  component: CategoriesPage,
});
