import { Group, Paper, Progress, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useLang, useT } from '@/lib/i18n';
import { pointsDetailsQuery, tierProgress } from '../api';
import { formatNumber } from '../format';
import classes from './points.module.css';
import '@mantine/core/styles/Progress.css';

/** The reward home's header card: greeting, points, tier and the real progress to the next tier. */
export function MemberPointsCard({ name, end }: { name: string; end?: ReactNode }) {
  const t = useT();
  const [lang] = useLang();
  const query = useQuery(pointsDetailsQuery());
  const d = query.data;
  return (
    <Paper radius="lg" p="md" className={classes.card} data-testid="member-points-card">
      <Group justify="space-between" wrap="nowrap" gap="xs" mt={end ? -6 : 0} mb={end ? -6 : 0}>
        <Text fw={600} size="md" c="white">
          {t('points.greeting', { name })}
        </Text>
        {end}
      </Group>
      {d ? (
        <Stack gap={6} mt={6}>
          <Group justify="space-between" align="end">
            <Link to="/reward-history" className={classes.balanceLink}>
              <Text span fz={34} fw={800} lh={1.1} data-testid="points-balance">
                {formatNumber(d.loyalty_points, lang)}
              </Text>{' '}
              <Text span fw={600}>
                {t('common.points')}
              </Text>
            </Link>
            {d.loyalty_program_tier && (
              <span className={classes.tier} data-testid="tier-name">
                {t('points.tierMember', { tier: d.loyalty_program_tier })}
              </span>
            )}
          </Group>
          <Progress
            value={tierProgress(d)}
            color="yellow.4"
            bg="rgba(255,255,255,0.3)"
            radius="xl"
            size="sm"
            aria-label={t('points.tierProgress')}
          />
          <Text size="sm" c="white" data-testid="tier-progress">
            {d.next_tier_name
              ? t('points.toNextTier', { count: formatNumber(d.points_to_next_tier, lang), tier: d.next_tier_name })
              : t('points.topTier')}
          </Text>
        </Stack>
      ) : (
        <Stack gap={8} mt={8} aria-hidden="true">
          <Skeleton height={36} width="50%" radius="sm" opacity={0.5} />
          <Skeleton height={8} radius="xl" opacity={0.5} />
        </Stack>
      )}
    </Paper>
  );
}
