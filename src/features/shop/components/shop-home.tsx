import { ActionIcon, Badge, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { GiftIcon } from '@/components/icons';
import { useT } from '@/lib/i18n';
import type { Item } from '../api';
import { activeFilterCount, type ShopSearch } from '../search';
import { ShopGrid } from './shop-grid';
import classes from './shop.module.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ActionIcon.css';

export function SearchIcon({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true">
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </svg>
  );
}

/** The search toggle for the title bar. */
export function SearchToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const t = useT();
  return (
    <ActionIcon variant="subtle" color="dark" size={44} radius="xl" aria-label={t('shop.searchToggle')} aria-expanded={open} onClick={onToggle}>
      <SearchIcon />
    </ActionIcon>
  );
}

export interface ShopHomeProps {
  search: ShopSearch;
  searchOpen: boolean;
  renderActions?: (item: Item) => ReactNode;
}

/** /shop (new items): search box when toggled, the new-member free-gift banner, filter links and the grid. */
export function ShopHome({ search, searchOpen, renderActions }: ShopHomeProps) {
  const t = useT();
  const navigate = useNavigate();
  const [text, setText] = useState(search.search ?? '');
  const filters = activeFilterCount(search);
  return (
    <Stack gap="md" p="md">
      {searchOpen && (
        <form
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            void navigate({ to: '/shop', search: { ...search, search: text.trim() || undefined } });
          }}
        >
          <TextInput
            type="search"
            autoFocus
            radius="xl"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            placeholder={t('shop.searchPlaceholder')}
            aria-label={t('shop.searchPlaceholder')}
            leftSection={<SearchIcon size={16} />}
          />
        </form>
      )}
      <div className={classes.banner}>
        <span className={classes.bannerIcon} aria-hidden="true">
          <GiftIcon size={30} />
        </span>
        <div>
          <Text fw={700}>{t('shop.bannerTitle')}</Text>
          <Text size="sm">{t('shop.bannerText')}</Text>
        </div>
      </div>
      <div className={classes.filterLinks}>
        <Button
          variant="default"
          radius="xl"
          renderRoot={(props) => <Link {...props} to="/shop/filter" search={search} />}
          rightSection={search.sort && search.sort !== 'recommended' ? <Badge size="xs" circle>1</Badge> : null}
        >
          {t('shop.productType')}
        </Button>
        <Button
          variant="default"
          radius="xl"
          renderRoot={(props) => <Link {...props} to="/shop/type" search={search} />}
          rightSection={filters ? <Badge size="xs" circle>{filters}</Badge> : null}
        >
          {t('shop.productFeatures')}
        </Button>
      </div>
      <ShopGrid search={search} renderActions={renderActions} />
    </Stack>
  );
}
