import type { QueryClient } from '@tanstack/react-query';
import { isBlogAdmin, postQuery } from '@/entities/blog';

// The routes' loaders prefetch these.
export { allPostsQuery as postsQuery, categoriesQuery, postQuery } from '@/entities/blog';

export const canAdmin = (roles: readonly string[] | undefined) => isBlogAdmin(roles ?? []);

/** What /blog-edit/$name and /blog-view/$name load: the post, read early (a route's loader, split from the shell). */
export const loadPost = ({ context, params }: { context: { queryClient: QueryClient }; params: { name: string } }) => {
  void context.queryClient.prefetchQuery(postQuery(params.name));
};
