import { createFileRoute } from '@tanstack/react-router';
import { ProductDetailPage } from '@/features/marketing';

interface Search {
  id?: string;
}

export const Route = createFileRoute('/_marketing/product-detail')({
  validateSearch: (search: Record<string, unknown>): Search => ({
    id: typeof search.id === 'string' && search.id ? search.id.slice(0, 80) : undefined,
  }),
  component: Page,
});

function Page() {
  const { id } = Route.useSearch();
  return <ProductDetailPage key={id ?? ''} id={id} />;
}
