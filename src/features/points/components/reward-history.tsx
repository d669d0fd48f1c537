import { Anchor, Button, Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useMinDelay } from '@/hooks/use-min-delay';
import { useLang, useT } from '@/lib/i18n';
import { keepNewestHistoryPage, pointsHistoryQuery, type PointsEntry } from '../api';
import { formatDay } from '@/lib/format/dates';
import { formatNumber } from '@/lib/format/numbers';
import { lineKey, memberText } from './history-line';
import { ExpirySchedule } from './expiry-schedule';
import classes from './points.module.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Anchor.css';
import type { HistoryTab } from '../tabs';

export const HISTORY_SKELETON_MS = 1000;
/** How far below the screen the end of the list starts the next page, so it is usually there before it is reached. */
const END_MARGIN = '0px 0px 400px 0px';

function Entry({ entry, kind }: { entry: PointsEntry; kind: HistoryTab }) {
  const t = useT();
  const [lang] = useLang();
  return (
    <li className={classes.entry} data-testid={`points-${kind}`}>
      <div>
        <Text fw={600} data-entry-type={entry.entry_type}>
          {memberText(entry) ?? t(lineKey(entry))}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDay(entry.posting_date, lang)}
        </Text>
        {entry.receipt_no ? (
          <Text size="xs" c="dimmed">
            {t('pointLife.receipt', { receipt: entry.receipt_no })}
          </Text>
        ) : null}
        {entry.invoice ? (
          <Text size="xs" c="dimmed">
            {t('points.orderRef', { name: entry.invoice })}
          </Text>
        ) : null}
      </div>
      <span className={kind === 'received' ? classes.plus : classes.minus}>
        {kind === 'received'
          ? t('points.plusPoints', { count: formatNumber(entry.loyalty_points, lang) })
          : t('points.minusPoints', { count: formatNumber(entry.loyalty_points, lang) })}
      </span>
    </li>
  );
}

/**
 * A redemption (or an expiry, a reversal) split across batches is one event for the member: rows of one kind, order
 * and day are shown together. While older rows are still to come, the oldest day's are held back: the rest of such
 * an event may be on the next page, and its sum would be shown short until then.
 */
function usedRows(record: PointsEntry[], complete: boolean): PointsEntry[] {
  const byOrder = new Map<string, PointsEntry>();
  const out: PointsEntry[] = [];
  const lastDay = complete ? null : record.at(-1)?.posting_date;
  for (const r of record.filter((x) => x.loyalty_points < 0 && x.posting_date !== lastDay)) {
    const key = r.invoice ? `${r.entry_type}|${r.invoice}|${r.posting_date}` : r.entry_type === 'expire' ? `expire|${r.posting_date}` : r.name;
    const seen = byOrder.get(key);
    if (seen) seen.loyalty_points += r.loyalty_points;
    else {
      const copy = { ...r };
      byOrder.set(key, copy);
      out.push(copy);
    }
  }
  return out;
}

/** /reward-history (the tab kept by the route in the address): balance, the next expiry from the ledger, 'my rewards', tabs received/used after a 1 s skeleton. */
export function RewardHistory({ tab, onTabChange }: { tab: HistoryTab; onTabChange: (tab: HistoryTab) => void }) {
  const t = useT();
  const [lang] = useLang();
  const ready = useMinDelay(HISTORY_SKELETON_MS);
  const query = useInfiniteQuery(pointsHistoryQuery());
  const pages = query.data?.pages;
  // The newest page's figures: every page carries the same ones, as of when it was read.
  const d = pages?.[0];
  const record = pages?.flatMap((p) => p.record) ?? [];
  const received = record.filter((r) => r.loyalty_points > 0);
  const used = usedRows(record, !query.hasNextPage);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  // Older rows as the end of the list comes near; again after each page while it stays in view (a page whose rows
  // all belong to the other tab adds nothing here).
  const { ref: endRef, entry: end } = useIntersection({ rootMargin: END_MARGIN });
  const nearEnd = Boolean(end?.isIntersecting);
  useEffect(() => {
    if (ready && nearEnd && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [ready, nearEnd, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, pages?.length]);
  const queryClient = useQueryClient();
  useEffect(() => () => keepNewestHistoryPage(queryClient), [queryClient]);
  return (
    <Stack gap="md" py="md">
      <Paper radius="lg" p="md" mx="md" className={classes.card}>
        <Text size="sm" c="white">
          {t('points.available')}
        </Text>
        {d ? (
          <Text fz={34} fw={800} lh={1.2} c="white" data-testid="history-balance">
            {t('points.balance', { count: formatNumber(d.loyalty_points, lang) })}
          </Text>
        ) : (
          <Skeleton height={40} width="50%" opacity={0.5} aria-hidden="true" />
        )}
        {/* Points a till or a shop holds as payment: not available until it takes or gives them back. */}
        {d && d.held_points > 0 && (
          <Text size="sm" c="white" data-testid="held-points">
            {t('points.held', { count: formatNumber(d.held_points, lang) })}
          </Text>
        )}
        <Group justify="space-between" mt={6} wrap="nowrap" align="start">
          <Text size="xs" c="white" data-testid="expiry-note">
            {d
              ? d.next_expiry_date
                ? t('points.expiryNote', { date: formatDay(d.next_expiry_date, lang) })
                : t('points.noExpiry')
              : ''}
          </Text>
          <Anchor component={Link} to="/my-order" c="white" fw={700} size="sm" style={{ whiteSpace: 'nowrap' }} underline="always">
            {t('points.myRewards')}
          </Anchor>
        </Group>
      </Paper>
      <ExpirySchedule />
      <Tabs value={tab} onChange={(v) => onTabChange((v as HistoryTab | null) ?? 'received')}>
        <Tabs.List grow>
          <Tabs.Tab value="received">{t('points.tabReceived')}</Tabs.Tab>
          <Tabs.Tab value="used">{t('points.tabUsed')}</Tabs.Tab>
        </Tabs.List>
        {(['received', 'used'] as const).map((kind) => {
          const rows = kind === 'received' ? received : used;
          return (
            <Tabs.Panel key={kind} value={kind}>
              {!ready || query.isPending ? (
                <Stack gap={0} aria-busy="true" data-testid="history-skeleton">
                  {Array.from({ length: 4 }, (_, i) => (
                    <Group key={i} justify="space-between" p="md" aria-hidden="true">
                      <Stack gap={6} style={{ flex: 1 }}>
                        <Skeleton height={16} width="50%" />
                        <Skeleton height={12} width="30%" />
                      </Stack>
                      <Skeleton height={16} width={70} />
                    </Group>
                  ))}
                </Stack>
              ) : query.isError && !d ? (
                <Text c="dimmed" ta="center" p="xl">
                  {t('points.loadFailed')}
                </Text>
              ) : rows.length === 0 && !hasNextPage ? (
                <Text c="dimmed" ta="center" p="xl">
                  {kind === 'received' ? t('points.noneReceived') : t('points.noneUsed')}
                </Text>
              ) : (
                <ul className={classes.list}>
                  {rows.map((r) => (
                    <Entry key={r.name} entry={r} kind={kind} />
                  ))}
                </ul>
              )}
            </Tabs.Panel>
          );
        })}
      </Tabs>
      {ready && hasNextPage ? (
        <Stack px="md" pb="md" ref={endRef}>
          <Button variant="light" radius="xl" h={44} loading={isFetchingNextPage} onClick={() => void fetchNextPage()} data-testid="history-more">
            {t('points.loadOlder')}
          </Button>
          {isFetchNextPageError ? (
            <Text size="sm" c="red.9" ta="center" role="alert">
              {t('points.loadOlderFailed')}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
