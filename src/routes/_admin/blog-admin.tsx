import { createFileRoute } from '@tanstack/react-router';
import { PostsPage } from '@/features/blog-admin';
import { postsQuery } from '@/features/blog-admin/api';

export const Route = createFileRoute('/_admin/blog-admin')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(postsQuery());
  },
  component: PostsPage,
});
