import { createFileRoute } from '@tanstack/react-router';
import { ProductListPage, SiteLayout, type ProductCategory, type ProductFilter, type SortKey } from '@/features/marketing';
import { sessionQuery } from '@/features/marketing/api';

const SORTS: readonly SortKey[] = ['popular', 'rating', 'newest', 'price-asc', 'price-desc'];
const CATEGORIES: readonly ProductCategory[] = ['cake', 'pastry', 'cookie', 'bread'];

function price(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 280 && n <= 900 ? Math.round(n) : undefined;
}

export const Route = createFileRoute('/product')({
  staticData: { appHeader: false, bottomNav: false },
  validateSearch: (search: Record<string, unknown>): ProductFilter => ({
    q: typeof search.q === 'string' && search.q ? search.q.slice(0, 80) : undefined,
    category: CATEGORIES.find((c) => c === search.category),
    min: price(search.min),
    max: price(search.max),
    sort: SORTS.find((s) => s === search.sort),
  }),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(sessionQuery());
  },
  component: Page,
});

function Page() {
  const filter = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SiteLayout>
      <ProductListPage filter={filter} onChange={(next) => void navigate({ search: next, replace: true })} />
    </SiteLayout>
  );
}
