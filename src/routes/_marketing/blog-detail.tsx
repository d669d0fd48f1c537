import { createFileRoute } from '@tanstack/react-router';
import { BlogDetailPage } from '@/features/marketing';
import { categoriesQuery, postQuery, postsQuery } from '@/features/marketing/api';

interface Search {
  name?: string;
}

export const Route = createFileRoute('/_marketing/blog-detail')({
  validateSearch: (search: Record<string, unknown>): Search => ({
    name: typeof search.name === 'string' && search.name ? search.name.slice(0, 140) : undefined,
  }),
  loaderDeps: ({ search }) => ({ name: search.name }),
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(postsQuery());
    void context.queryClient.prefetchQuery(categoriesQuery());
    if (deps.name) void context.queryClient.prefetchQuery(postQuery(deps.name));
  },
  component: Page,
});

function Page() {
  const { name } = Route.useSearch();
  return <BlogDetailPage key={name ?? ''} name={name} />;
}
