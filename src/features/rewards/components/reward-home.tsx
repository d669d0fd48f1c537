import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CardRowSkeleton } from '@/components/page-skeleton';
import { OfflineState } from '@/components/offline-state';
import { useLang, useT } from '@/lib/i18n';
import { formatNumber } from '@/lib/format/numbers';
import { rewardItemsQuery } from '../api';
import { RewardRow } from './reward-card';
import classes from './rewards.module.css';
import { CoinArt, GiftArt, PartyArt } from './art';

export interface RewardMember {
  full_name: string;
  points: number;
  tier_name?: string | null;
  next_tier_name?: string | null;
  points_to_next_tier?: number | null;
}

/** /reward-home: the member's points and tier progress, reward rows, 'my rewards' and how to collect points. */
export function RewardHome({ member }: { member: RewardMember | null }) {
  const t = useT();
  const [lang] = useLang();
  const items = useQuery(rewardItemsQuery());
  const all = items.data ?? [];
  const toNext = member?.points_to_next_tier ?? 0;
  const progress = member && member.next_tier_name && toNext > 0 ? Math.round((member.points / (member.points + toNext)) * 100) : 100;
  return (
    <Stack gap="lg" p="md">
      <Paper radius="xl" p="lg" className={classes.memberCard}>
        {member ? (
          <Stack gap={6}>
            <Text className={classes.onBrand} size="sm">
              {t('coupons.rwHello', { name: member.full_name })}
            </Text>
            <Title order={2} size="h2" c="white">
              {t('common.pointsCount', { count: formatNumber(member.points, lang) })}
            </Title>
            {member.tier_name && (
              <Text fw={600} c="white" size="sm">
                {t('coupons.rwTier', { tier: member.tier_name })}
              </Text>
            )}
            {member.next_tier_name && toNext > 0 && (
              <>
                <div className={classes.progress} role="progressbar" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100} aria-label={t('coupons.rwToNext', { count: toNext, tier: member.next_tier_name })}>
                  <span style={{ width: `${progress}%` }} />
                </div>
                <Text size="xs" className={classes.onBrand}>
                  {t('coupons.rwToNext', { count: formatNumber(toNext, lang), tier: member.next_tier_name })}
                </Text>
              </>
            )}
          </Stack>
        ) : (
          <Text className={classes.onBrand}>{t('common.loading')}</Text>
        )}
      </Paper>

      <Button radius="xl" size="md" variant="light" leftSection={<GiftArt size={20} />} renderRoot={(props) => <Link {...props} to="/reward-coupon" />}>
        {t('coupons.rwMyRewards')}
      </Button>

      {items.isPending ? (
        <CardRowSkeleton />
      ) : items.isError && !items.data ? (
        <OfflineState onRetry={() => void items.refetch()} />
      ) : (
        <>
          <RewardRow id="rh-popular" title={t('coupons.rwRowPopular')} items={all.slice(0, 8)} />
          <RewardRow id="rh-gifts" title={t('coupons.rwRowGifts')} items={all.filter((i) => i.item_group === 'Gift')} />
          <Link to="/gifts" className={`${classes.banner} ${classes.festival}`}>
            <span className={classes.bannerEmoji} aria-hidden="true">
              <PartyArt />
            </span>
            <span>
              <Text fw={700}>{t('coupons.rwFestivalTitle')}</Text>
              <Text size="sm">{t('coupons.rwFestivalText')}</Text>
            </span>
          </Link>
          <RewardRow id="rh-coupons" title={t('coupons.rwRowCoupons')} items={all.filter((i) => i.item_group === 'Gift Card')} />
        </>
      )}

      <Link to="/collect-points" className={`${classes.banner} ${classes.help}`}>
        <span className={classes.bannerEmoji} aria-hidden="true">
          <CoinArt />
        </span>
        <span>
          <Text fw={700}>{t('coupons.rwHowToCollect')}</Text>
          <Text size="sm" c="dimmed">
            {t('coupons.rwHowToCollectText')}
          </Text>
        </span>
      </Link>
    </Stack>
  );
}
