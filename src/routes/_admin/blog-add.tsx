import { createFileRoute } from '@tanstack/react-router';
import { AddPostPage } from '@/features/blog-admin';
import { categoriesQuery } from '@/features/blog-admin/api';

export const Route = createFileRoute('/_admin/blog-add')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(categoriesQuery());
  },
  component: AddPostPage,
});
