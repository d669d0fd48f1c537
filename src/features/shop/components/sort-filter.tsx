import { Button, Radio, Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useT, type MessageKey } from '@/lib/i18n';
import { SORT_OPTIONS, type ShopSearch, type SortOption } from '../search';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';

const LABELS: Record<SortOption, MessageKey> = {
  recommended: 'shop.sortRecommended',
  best_seller: 'shop.sortBestSeller',
  popular: 'shop.sortPopular',
  price_desc: 'shop.sortPriceDesc',
  price_asc: 'shop.sortPriceAsc',
};

/** /shop/filter: the sort options as radios and a search button that applies them. */
export function SortFilter({ search }: { search: ShopSearch }) {
  const t = useT();
  const navigate = useNavigate();
  const [sort, setSort] = useState<SortOption>(search.sort ?? 'recommended');
  return (
    <Stack gap="lg" p="md">
      <Radio.Group value={sort} onChange={(v) => setSort(v as SortOption)} label={t('shop.sortLabel')} size="md">
        <Stack gap="md" mt="sm">
          {SORT_OPTIONS.map((option) => (
            <Radio key={option} value={option} label={t(LABELS[option])} />
          ))}
        </Stack>
      </Radio.Group>
      <Button size="md" radius="xl" onClick={() => void navigate({ to: '/shop', search: { ...search, sort } })}>
        {t('shop.search')}
      </Button>
    </Stack>
  );
}
