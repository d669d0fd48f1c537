import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { TitleHeader } from '@/components/title-header';
import { CartButton } from '@/features/cart';
import { CATEGORY_GROUPS, CategoryGrid, type CategoryGroup } from '@/features/catalog';
import { useT } from '@/lib/i18n';

const search = v.object({ group: v.optional(v.fallback(v.picklist(CATEGORY_GROUPS), 'all')) });

/** /categories (bottom tab "redeem rewards"): every reward by group, a page at a time. */
export const Route = createFileRoute('/_member/_tabs/categories')({
  validateSearch: (raw) => v.parse(search, raw),
  component: CategoriesPage,
});

function CategoriesPage() {
  const t = useT();
  const { group = 'all' } = Route.useSearch();
  const navigate = useNavigate({ from: '/categories' });
  return (
    <>
      <TitleHeader title={t('catalog.categoriesTitle')} backTo="/" end={<CartButton />} />
      <div style={{ paddingTop: 12, paddingBottom: 16 }}>
        <CategoryGrid group={group} onGroup={(g: CategoryGroup) => void navigate({ search: { group: g }, replace: true })} />
      </div>
    </>
  );
}
