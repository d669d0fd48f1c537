import { Badge, Button, Group, Image, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LastUpdatedNote, OfflineState } from '@/components/offline-state';
import { PageSkeleton } from '@/components/page-skeleton';
import { GiftIcon } from '@/components/icons';
import { useLang, useT } from '@/lib/i18n';
import { formatDay } from '@/lib/format/dates';
import { couponsFrom, isUsable, rewardOrdersQuery, type Coupon } from '../api';
import classes from './coupons.module.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Image.css';
import { imageUrl } from '@/lib/file-url';
import type { CouponTab } from '../tabs';


export interface CouponListProps {
  /** 'coupons' = /my-coupon (usable / used); 'rewards' = the 'my rewards' screen (my rewards / expired-used). */
  variant?: 'coupons' | 'rewards';
  /** The tab shown, kept by the route in the address (so Back from a coupon returns to it). */
  tab: CouponTab;
  onTabChange: (tab: CouponTab) => void;
}

function CouponCard({ coupon, variant }: { coupon: Coupon; variant: 'coupons' | 'rewards' }) {
  const t = useT();
  const [lang] = useLang();
  const usable = isUsable(coupon);
  const tag = coupon.used ? t('coupons.tagReceived') : t('coupons.tagInStore');
  return (
    <Paper radius="lg" withBorder className={classes.card} data-dimmed={!usable || undefined} data-testid="coupon-card">
      <div className={classes.thumb}>
        {coupon.image ? <Image src={imageUrl(coupon.image)} alt="" w={76} h={76} fit="contain" /> : <GiftIcon size={32} />}
      </div>
      <Stack gap={4} className={classes.body}>
        <Badge size="sm" radius="sm" variant="light" color={usable ? 'brand' : 'gray'} w="fit-content">
          {tag}
        </Badge>
        <Text fw={700} size="sm" lineClamp={2}>
          {coupon.title}
        </Text>
        <Text size="xs" c="dimmed">
          {t('coupons.code', { code: coupon.code })}
        </Text>
        {coupon.expiry && (
          <Text size="xs" c={coupon.expired ? 'red.9' : 'dimmed'}>
            {coupon.expired ? t('coupons.expiredOn', { date: formatDay(coupon.expiry, lang) }) : t('coupons.validUntil', { date: formatDay(coupon.expiry, lang) })}
          </Text>
        )}
        <Group justify="space-between" mt={4}>
          <Text size="xs" fw={600} c={usable ? 'teal.9' : 'gray.7'}>
            {coupon.used ? t('coupons.statusUsed') : coupon.expired ? t('coupons.statusExpired') : t('coupons.statusUsable')}
          </Text>
          {usable ? (
            <Button
              size="xs"
              radius="xl"
              renderRoot={(props) => <Link {...props} to="/my-order/$id" params={{ id: coupon.code }} />}
            >
              {variant === 'rewards' ? t('coupons.useNow') : t('coupons.view')}
            </Button>
          ) : (
            <Button size="xs" radius="xl" variant="default" disabled>
              {coupon.used ? t('coupons.statusUsed') : t('coupons.statusExpired')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The member's reward codes from their reward orders, in two tabs with counts. */
export function CouponList({ variant = 'coupons', tab, onTabChange }: CouponListProps) {
  const t = useT();
  const query = useQuery(rewardOrdersQuery());
  if (query.isPending) return <PageSkeleton rows={3} withCard={false} />;
  if (query.isError && !query.data) return <OfflineState onRetry={() => void query.refetch()} />;
  const coupons = couponsFrom(query.data ?? []);
  const usable = coupons.filter(isUsable);
  const other = coupons.filter((c) => !isUsable(c));
  const labels = variant === 'rewards' ? (['coupons.tabMyRewards', 'coupons.tabExpiredUsed'] as const) : (['coupons.tabUsable', 'coupons.tabUsed'] as const);
  const list = (items: Coupon[], empty: string) =>
    items.length ? (
      <Stack gap="sm">
        {items.map((c) => (
          <CouponCard key={c.code} coupon={c} variant={variant} />
        ))}
      </Stack>
    ) : (
      <Paper radius="lg" p="xl" ta="center" bg="gray.0">
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
        <Button mt="md" radius="xl" variant="light" renderRoot={(props) => <Link {...props} to="/categories" />}>
          {t('coupons.browseRewards')}
        </Button>
      </Paper>
    );
  return (
    <Stack gap={6} p="md">
      <LastUpdatedNote updatedAt={query.dataUpdatedAt} />
      <Tabs value={tab} onChange={(value) => value && onTabChange(value as CouponTab)} radius="xl" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="usable">
            {t(labels[0])} ({usable.length})
          </Tabs.Tab>
          <Tabs.Tab value="used">
            {t(labels[1])} ({other.length})
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="usable" pt="md">
          {list(usable, t('coupons.emptyUsable'))}
        </Tabs.Panel>
        <Tabs.Panel value="used" pt="md">
          {list(other, t('coupons.emptyUsed'))}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
