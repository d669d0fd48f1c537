import { createFileRoute } from '@tanstack/react-router';
import { ProductListPage, type ProductCategory, type ProductFilter, type SortKey } from '@/features/marketing';

const SORTS: readonly SortKey[] = ['popular', 'rating', 'newest', 'price-asc', 'price-desc'];
const CATEGORIES: readonly ProductCategory[] = ['cake', 'pastry', 'cookie', 'bread'];

function price(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 280 && n <= 900 ? Math.round(n) : undefined;
}

export const Route = createFileRoute('/_marketing/product')({
  validateSearch: (search: Record<string, unknown>): ProductFilter => ({
    q: typeof search.q === 'string' && search.q ? search.q.slice(0, 80) : undefined,
    category: CATEGORIES.find((c) => c === search.category),
    min: price(search.min),
    max: price(search.max),
    sort: SORTS.find((s) => s === search.sort),
  }),
  component: Page,
});

function Page() {
  const filter = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ProductListPage filter={filter} onChange={(next) => void navigate({ search: next, replace: true })} />;
}
