import { createFileRoute } from '@tanstack/react-router';
import { AddPostPage } from '@/features/blog-admin';
import { categoriesQuery } from '@/features/blog-admin/api';
import { BLOG_MANAGERS } from '@/features/admin-frame/roles';

export const Route = createFileRoute('/_admin/blog-add')({
  staticData: { roles: BLOG_MANAGERS, sidebarEntry: '/blog-admin' },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(categoriesQuery());
  },
  component: AddPostPage,
});
