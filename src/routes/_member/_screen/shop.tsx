import { createFileRoute, Outlet } from '@tanstack/react-router';
import { parseShopSearch } from '@/features/shop';

/** /shop and its filter screens share the filters, kept in the address (?sort=…&price_min=…). */
export const Route = createFileRoute('/_member/_screen/shop')({
  validateSearch: (search: Record<string, unknown>) => parseShopSearch(search),
  component: Outlet,
});
