import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { OfflineState } from '@/components/offline-state';
import { PageSkeleton } from '@/components/page-skeleton';
import { useT } from '@/lib/i18n';
import { rewardItemsQuery } from '../api';
import { RewardCard } from './reward-card';
import classes from './rewards.module.css';

/** /reward: every reward on schedule, as a grid of cards with their points. */
export function RewardsCatalog() {
  const t = useT();
  const items = useQuery(rewardItemsQuery());
  if (items.isPending) return <PageSkeleton rows={4} />;
  if (items.isError && !items.data) return <OfflineState onRetry={() => void items.refetch()} />;
  return (
    <Stack gap="md" p="md">
      <Text size="sm" c="dimmed">
        {t('coupons.rwCatalogIntro')}
      </Text>
      <ul className={classes.grid}>
        {(items.data ?? []).map((item) => (
          <li key={item.name}>
            <RewardCard item={item} />
          </li>
        ))}
      </ul>
    </Stack>
  );
}
