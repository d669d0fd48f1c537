import { createFileRoute } from '@tanstack/react-router';
import { BlogDetailPage, SiteLayout } from '@/features/marketing';
import { categoriesQuery, postQuery, postsQuery, sessionQuery } from '@/features/marketing/api';

interface Search {
  name?: string;
}

export const Route = createFileRoute('/blog-detail')({
  staticData: { appHeader: false, bottomNav: false },
  validateSearch: (search: Record<string, unknown>): Search => ({
    name: typeof search.name === 'string' && search.name ? search.name.slice(0, 140) : undefined,
  }),
  loaderDeps: ({ search }) => ({ name: search.name }),
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(postsQuery());
    void context.queryClient.prefetchQuery(categoriesQuery());
    void context.queryClient.prefetchQuery(sessionQuery());
    if (deps.name) void context.queryClient.prefetchQuery(postQuery(deps.name));
  },
  component: Page,
});

function Page() {
  const { name } = Route.useSearch();
  return (
    <SiteLayout>
      <BlogDetailPage key={name ?? ''} name={name} />
    </SiteLayout>
  );
}
