import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Slider.css';
import { useMemo, useState } from 'react';
import { Button, NativeSelect, RangeSlider, Text, TextInput } from '@mantine/core';
import { useT } from '@/lib/i18n';
import { CATEGORY_LABELS, PRICE_MAX, PRICE_MIN, PRODUCTS, SORTS, categoryCounts, filterProducts, type ProductCategory, type ProductFilter, type SortKey } from '../data';
import { useProductRatings } from '../store';
import { ProductCard } from './cards';
import classes from './site.module.css';

interface Props {
  filter: ProductFilter;
  onChange: (next: ProductFilter) => void;
}

/** /product: search, category counts, a 280-900 baht price slider and five sorts that really sort. */
export function ProductListPage({ filter, onChange }: Props) {
  const t = useT();
  /** While a thumb is being dragged; the URL holds the committed range. */
  const [dragging, setDragging] = useState<[number, number] | null>(null);
  const range: [number, number] = dragging ?? [filter.min ?? PRICE_MIN, filter.max ?? PRICE_MAX];

  const ratings = useProductRatings();
  const shown = useMemo(() => filterProducts(PRODUCTS, filter, ratings), [filter, ratings]);
  // Best rating is offered once something has been rated: before that it would only repeat another order.
  const sorts = SORTS.filter((s) => s.key !== 'rating' || ratings.size > 0 || filter.sort === 'rating');
  const counts = useMemo(() => categoryCounts(PRODUCTS, filter), [filter]);
  const totalForCounts = Object.values(counts).reduce((a, b) => a + b, 0);
  const update = (patch: Partial<ProductFilter>) => onChange({ ...filter, ...patch });
  const filtered = Boolean(filter.q || filter.category || filter.min !== undefined || filter.max !== undefined);

  return (
    <div className={classes.container}>
      <header className={classes.pageHead}>
        <h1 className={classes.pageTitle}>{t('marketing.productPageTitle')}</h1>
      </header>
      <div className={classes.shop}>
        <aside className={classes.sidebar} aria-label={t('marketing.filtersTitle')}>
          <form role="search" onSubmit={(e) => e.preventDefault()}>
            <TextInput
              type="search"
              label={t('marketing.search')}
              placeholder={t('marketing.searchPlaceholder')}
              value={filter.q ?? ''}
              onChange={(e) => update({ q: e.currentTarget.value || undefined })}
            />
          </form>
          <div>
            <Text fw={700} mb={6} id="cat-label">
              {t('marketing.categories')}
            </Text>
            <div role="group" aria-labelledby="cat-label">
              <button type="button" className={classes.catButton} aria-pressed={!filter.category} onClick={() => update({ category: undefined })}>
                <span>{t('marketing.categoryAll')}</span>
                <span className={classes.catCount}>{totalForCounts}</span>
              </button>
              {(Object.keys(CATEGORY_LABELS) as ProductCategory[]).map((c) => (
                <button key={c} type="button" className={classes.catButton} aria-pressed={filter.category === c} onClick={() => update({ category: filter.category === c ? undefined : c })} data-testid={`category-${c}`}>
                  <span>{t(CATEGORY_LABELS[c])}</span>
                  <span className={classes.catCount}>{counts[c]}</span>
                </button>
              ))}
            </div>
          </div>
          <div>
            <Text fw={700} mb={6} id="price-label">
              {t('marketing.priceRange')}
            </Text>
            <RangeSlider
              min={PRICE_MIN}
              max={PRICE_MAX}
              step={10}
              minRange={10}
              value={range}
              onChange={setDragging}
              onChangeEnd={([min, max]) => {
                setDragging(null);
                update({ min: min === PRICE_MIN ? undefined : min, max: max === PRICE_MAX ? undefined : max });
              }}
              label={(v) => v}
              thumbFromLabel={t('marketing.priceRange')}
              thumbToLabel={t('marketing.priceRange')}
              aria-labelledby="price-label"
              mb="xs"
            />
            <Text size="sm" c="dimmed" data-testid="price-range">
              {t('marketing.priceValue', { min: range[0], max: range[1] })}
            </Text>
          </div>
          {filtered && (
            <Button variant="subtle" color="gray" onClick={() => onChange({ sort: filter.sort })}>
              {t('marketing.clearFilters')}
            </Button>
          )}
        </aside>
        <section aria-label={t('marketing.productPageTitle')}>
          <div className={classes.resultsBar}>
            <span className={classes.results} aria-live="polite" data-testid="results-count">
              {shown.length === PRODUCTS.length ? t('marketing.showingAll', { count: shown.length }) : t('marketing.showingSome', { count: shown.length, total: PRODUCTS.length })}
            </span>
            <NativeSelect
              label={t('marketing.sortLabel')}
              value={filter.sort ?? 'popular'}
              onChange={(e) => update({ sort: e.currentTarget.value as SortKey })}
              data={sorts.map((s) => ({ value: s.key, label: t(s.label) }))}
              w={220}
            />
          </div>
          {shown.length === 0 ? (
            <Text c="dimmed">{t('marketing.noResults')}</Text>
          ) : (
            <div className={`${classes.grid2} ${classes.grid3Shop}`}>
              {shown.map((p) => (
                <ProductCard key={p.id} product={p} />
              ))}
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
