import type { QueryClient } from '@tanstack/react-query';
import { isBlogAdmin, postQuery } from '@/entities/blog';
import { BLOG_MANAGERS } from '../frame/roles';

// The routes' loaders prefetch these.
export { allPostsQuery as postsQuery, categoriesQuery, postQuery } from '@/entities/blog';

export const canAdmin = (roles: readonly string[] | undefined) => isBlogAdmin(roles ?? []);


/** What /blog-edit/$name and /blog-view/$name share: who may open them, their sidebar entry, and the post read early. */
export const postRoute = {
  staticData: { roles: BLOG_MANAGERS, sidebarEntry: '/blog-admin' },
  loader: ({ context, params }: { context: { queryClient: QueryClient }; params: { name: string } }) => {
    void context.queryClient.prefetchQuery(postQuery(params.name));
  },
};
