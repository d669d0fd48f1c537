import { Group, Paper, Progress, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Tier } from '@/entities/member';
import { useLang, useT } from '@/lib/i18n';
import { pointsDetailsQuery, tierProgress } from '../api';
import { formatNumber } from '@/lib/format/numbers';
import classes from './points.module.css';
import '@mantine/core/styles/Progress.css';

/**
 * The reward home's header card: greeting, points, tier and the real progress to the next tier. The tier is the
 * member's tier answer (`tier`, what the account and the member card show too, so they never disagree), not the
 * points answer's copy of it.
 */
export function MemberPointsCard({ name, end, tier }: { name: string; end?: ReactNode; tier?: Tier | null }) {
  const t = useT();
  const [lang] = useLang();
  const query = useQuery(pointsDetailsQuery());
  const d = query.data;
  const loading = !d;
  return (
    <Paper radius="lg" p="md" className={classes.card} data-testid="member-points-card">
      <Group justify="space-between" wrap="nowrap" gap="xs" mt={end ? -6 : 0} mb={end ? -6 : 0}>
        <Text fw={600} size="md" c="white" miw={0} style={{ overflowWrap: 'anywhere' }}>
          {t('points.greeting', { name })}
        </Text>
        {end}
      </Group>
      {/* One layout whether loaded or not: while the points load, each line is covered by a skeleton of its own
          size, so nothing below the card moves when they arrive. */}
      <Stack gap={6} mt={6} aria-busy={loading || undefined}>
        <Group justify="space-between" align="end">
          <Skeleton visible={loading} width="auto" radius="sm" className={loading ? classes.loading : undefined}>
            <Link to="/reward-history" className={classes.balanceLink} tabIndex={loading ? -1 : undefined} aria-hidden={loading || undefined}>
              <Text span fz={34} fw={800} lh={1.1} data-testid={loading ? undefined : 'points-balance'}>
                {formatNumber(d?.loyalty_points ?? 0, lang)}
              </Text>{' '}
              <Text span fw={600}>
                {t('common.points')}
              </Text>
            </Link>
          </Skeleton>
          {tier?.tier_name && (
            <span className={classes.tier} data-testid="tier-name">
              {t('points.tierMember', { tier: tier.tier_name })}
            </span>
          )}
        </Group>
        <Progress
          value={tier ? tierProgress(tier) : 0}
          color="yellow.4"
          bg="rgba(255,255,255,0.3)"
          radius="xl"
          size="sm"
          aria-label={t('points.tierProgress')}
        />
        <Skeleton visible={loading} width="60%" radius="sm" className={loading ? classes.loading : undefined}>
          <Text size="sm" c="white" data-testid={loading || !tier ? undefined : 'tier-progress'}>
            {!d || !tier
              ? '\u00a0'
              : tier.next_tier_name
                ? t('points.toNextTier', { count: formatNumber(tier.points_to_next_tier, lang), tier: tier.next_tier_name })
                : t('points.topTier')}
          </Text>
        </Skeleton>
      </Stack>
    </Paper>
  );
}
