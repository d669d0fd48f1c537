import { isBlogAdmin } from '@/entities/blog';

// The routes' loaders prefetch these.
export { allPostsQuery as postsQuery, categoriesQuery, postQuery } from '@/entities/blog';

export const canAdmin = (roles: readonly string[] | undefined) => isBlogAdmin(roles ?? []);

