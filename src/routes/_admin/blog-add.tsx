import { createFileRoute } from '@tanstack/react-router';
import { AddPostPage } from '@/features/back-office/blog';
import { categoriesQuery } from '@/features/back-office/blog/api';
import { BLOG_MANAGERS } from '@/features/back-office/frame/roles';

export const Route = createFileRoute('/_admin/blog-add')({
  staticData: { roles: BLOG_MANAGERS, sidebarEntry: '/blog-admin' },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(categoriesQuery());
  },
  component: AddPostPage,
});
