import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { BlogListPage } from '@/features/marketing';
import { postsQuery, categoriesQuery } from '@/features/marketing/api';

/** `category`: the posts of one category (every post by default). */
const search = v.object({ category: v.fallback(v.optional(v.string()), undefined) });

export const Route = createFileRoute('/_marketing/blog')({
  validateSearch: (raw) => v.parse(search, raw),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(postsQuery());
    void context.queryClient.prefetchQuery(categoriesQuery());
  },
  component: function Blog() {
    const { category = '' } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <BlogListPage category={category} onCategoryChange={(next) => void navigate({ search: next ? { category: next } : {}, replace: true })} />;
  },
});
