import { createFileRoute } from '@tanstack/react-router';
import { ProductDetailPage, SiteLayout } from '@/features/marketing';
import { sessionQuery } from '@/features/marketing/api';

interface Search {
  id?: string;
}

export const Route = createFileRoute('/product-detail')({
  staticData: { appHeader: false, bottomNav: false },
  validateSearch: (search: Record<string, unknown>): Search => ({
    id: typeof search.id === 'string' && search.id ? search.id.slice(0, 80) : undefined,
  }),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(sessionQuery());
  },
  component: Page,
});

function Page() {
  const { id } = Route.useSearch();
  return (
    <SiteLayout>
      <ProductDetailPage key={id ?? ''} id={id} />
    </SiteLayout>
  );
}
