import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { OnDevice } from '@/components/on-device';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { useCurrentUser } from '@/features/auth';
import { CartButton } from '@/features/cart';
import { GIFT, GIFT_CARD, productListQuery, RewardCarousel } from '@/features/catalog';
import { InstallHint } from '@/features/offline';
import { MemberPointsCard, pointsDetailsQuery } from '@/features/points';
import { consentsQuery, marketingUnasked } from '@/entities/privacy';
import { useT } from '@/lib/i18n';

// "May we send you offers?", asked once: its own chunk (with its words), fetched only for a member never asked.
const MarketingAsk = lazy(() => import('@/features/privacy/components/marketing-ask').then((m) => ({ default: m.MarketingAsk })));

/** The member's reward home (guests are sent to /login by the root guard). */
export const Route = createFileRoute('/_member/_home/')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(pointsDetailsQuery());
    void context.queryClient.prefetchQuery(productListQuery({ rewardsOnly: true }));
    void context.queryClient.prefetchQuery(productListQuery({ itemGroup: GIFT }));
    void context.queryClient.prefetchQuery(productListQuery({ itemGroup: GIFT_CARD }));
  },
  component: HomePage,
});

function HomePage() {
  const t = useT();
  const { boot, user, isMember } = useCurrentUser({ showsTier: true });
  // Read by the member layout before this screen: the same answer, from the cache.
  const consents = useQuery({ ...consentsQuery(), enabled: isMember });
  const name = user?.first_name || boot?.full_name || t('catalog.memberFallback');
  const queryClient = useQueryClient();
  return (
    <Stack gap={0} pb="md">
      <PullToRefresh onRefresh={() => queryClient.refetchQueries({ type: 'active' })} />
      <div style={{ padding: '12px 16px 0', color: '#fff' }}>
        <MemberPointsCard name={name} tier={user?.tier} end={<CartButton />} />
      </div>
      <Group grow px="md" mt="md" gap="sm">
        <Button component={Link} to="/my-order" variant="light" radius="xl">
          {t('catalog.myRewards')}
        </Button>
        <Button component={Link} to="/categories" variant="light" radius="xl">
          {t('catalog.seeAll')}
        </Button>
      </Group>
      <RewardCarousel title={t('catalog.allRewards')} list={{ rewardsOnly: true }} />
      <RewardCarousel title={t('catalog.giftRewards')} list={{ itemGroup: GIFT }} displayTag={GIFT} />
      <RewardCarousel title={t('catalog.giftCards')} list={{ itemGroup: GIFT_CARD }} displayTag={GIFT_CARD} />
      <Stack gap="sm" px="md" mt="md">
        {(
          [
            ['/collect-points', t('catalog.howToCollect'), t('catalog.howToCollectText')],
            ['/shop', t('catalog.shopBanner'), t('catalog.shopBannerText')],
          ] as const
        ).map(([to, title, text]) => (
          <Paper key={to} component={Link} to={to} withBorder radius="lg" p="md" style={{ textDecoration: 'none', color: 'inherit' }}>
            <Text fw={700}>{title}</Text>
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          </Paper>
        ))}
      </Stack>
      {/* Last on the home: it appears once the consents are read, and above the carousels it pushed them down under
          the member's eyes (a layout shift of 0.14). */}
      {consents.data && marketingUnasked(consents.data) && (
        <OnDevice>
          <Suspense fallback={null}>
            <MarketingAsk />
          </Suspense>
        </OnDevice>
      )}
      {/* Last on the page: the browser offers installing at a moment of its choosing, and a card appearing above the
          rewards would push them down under the member's finger. */}
      <OnDevice>
        <InstallHint />
      </OnDevice>
    </Stack>
  );
}
