import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { OfflineState } from '@/components/offline-state';
import { PageSkeleton } from '@/components/page-skeleton';
import { useLang, useT } from '@/lib/i18n';
import { formatDay } from '@/lib/format/dates';
import { formatNumber } from '@/lib/format/numbers';
import { redeemTarget, rewardItemsQuery } from '../api';
import classes from './rewards.module.css';
import '@mantine/core/styles/Badge.css';
import { imageUrl } from '@/lib/file-url';

export interface RewardDetailProps {
  /** Item name; the most popular reward when absent. */
  itemName?: string;
  /** Reward codes the member already holds for an item: the exchanged state of the reward detail. */
  redeemedItemCodes?: ReadonlySet<string>;
  /** The member's points (null: unknown); the exchange button is grey when they are short. */
  points?: number | null;
  /** The reward's description, rendered by the route (sanitised HTML). */
  renderDescription?: (html: string) => ReactNode;
}

/** /reward-details: banner, badges, name, points and baht value, validity, terms and the exchange button. */
export function RewardDetail({ itemName, redeemedItemCodes, points, renderDescription }: RewardDetailProps) {
  const t = useT();
  const [lang] = useLang();
  const items = useQuery(rewardItemsQuery());
  if (items.isPending) return <PageSkeleton rows={3} />;
  if (items.isError && !items.data) return <OfflineState onRetry={() => void items.refetch()} />;
  // A reward asked for by name is that one or none (unknown, or out of its schedule): never another in its place.
  const item = itemName ? items.data?.find((i) => i.name === itemName) : items.data?.[0];
  if (!item) {
    return (
      <Stack align="center" gap="sm" p="xl" ta="center" data-testid="reward-not-found">
        <Text c="dimmed">{t('coupons.rwNotFound')}</Text>
        <Button variant="light" radius="xl" renderRoot={(props) => <Link {...props} to="/reward" />}>
          {t('coupons.rwBackToRewards')}
        </Button>
      </Stack>
    );
  }
  const redeemed = redeemedItemCodes?.has(item.item_code) ?? false;
  const short = points != null && points < (item.loyalty_points_based_price ?? 0);
  const until = item.item_schedule_end ? formatDay(item.item_schedule_end, lang) : null;
  const target = redeemTarget(item);
  return (
    <Stack gap="md" p="md" pb="xl">
      <div className={classes.detailBanner} data-redeemed={redeemed || undefined}>
        {item.website_image && <img src={imageUrl(item.website_image)} alt={item.item_name} />}
      </div>
      <Group gap="xs">
        <Badge color="brand" variant="light" radius="sm">
          {t('coupons.rwUseInStore')}
        </Badge>
        {redeemed && (
          <Badge color="gray" variant="filled" radius="sm" data-testid="redeemed-badge">
            {t('coupons.rwRedeemed')}
          </Badge>
        )}
      </Group>
      <Title order={2} size="h3">
        {item.item_name}
      </Title>
      <Paper radius="lg" p="md" withBorder>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('coupons.rwPointsUsed')}
          </Text>
          <Text fw={800} c="brand.8">
            {t('coupons.rwPointsWorth', { points: formatNumber(item.loyalty_points_based_price ?? 0, lang), baht: formatNumber(item.price_list_rate, lang) })}
          </Text>
        </Group>
        {until && (
          <Group justify="space-between" mt={6}>
            <Text size="sm" c="dimmed">
              {t('coupons.rwValidUntilLabel')}
            </Text>
            <Text size="sm" fw={600}>
              {until}
            </Text>
          </Group>
        )}
      </Paper>
      {item.desc && renderDescription && (
        <Paper radius="lg" p="md" withBorder>
          <Text fw={700} size="sm" mb={6}>
            {t('coupons.rwTerms')}
          </Text>
          {renderDescription(item.desc)}
        </Paper>
      )}
      {redeemed ? (
        <Button size="md" radius="xl" color="gray" disabled>
          {t('coupons.rwRedeemed')}
        </Button>
      ) : (
        <Button size="md" radius="xl" disabled={short} renderRoot={short ? undefined : (props) => <Link {...props} {...target} />}>
          {short ? t('coupons.rwNotEnough') : t('coupons.rwExchange')}
        </Button>
      )}
    </Stack>
  );
}
