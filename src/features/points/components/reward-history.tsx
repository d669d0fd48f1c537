import { Anchor, Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useLang, useT } from '@/lib/i18n';
import { pointsDetailsQuery, type PointsEntry } from '../api';
import { formatDay } from '@/lib/format/dates';
import { formatNumber } from '@/lib/format/numbers';
import classes from './points.module.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Anchor.css';

export type HistoryTab = 'received' | 'used';
export const HISTORY_SKELETON_MS = 1000;

function Entry({ entry, kind }: { entry: PointsEntry; kind: HistoryTab }) {
  const t = useT();
  const [lang] = useLang();
  return (
    <li className={classes.entry} data-testid={`points-${kind}`}>
      <div>
        {/* A manager's adjustment may carry its own line for the member instead of the generic one. */}
        <Text fw={600}>{entry.member_text || (kind === 'received' ? t('points.received') : t('points.used'))}</Text>
        <Text size="xs" c="dimmed">
          {formatDay(entry.posting_date, lang)}
        </Text>
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

/** Redemptions split across batches are one use for the member: rows of one order are shown together. */
function usedRows(record: PointsEntry[]): PointsEntry[] {
  const byOrder = new Map<string, PointsEntry>();
  const out: PointsEntry[] = [];
  for (const r of record.filter((x) => x.loyalty_points < 0)) {
    const key = r.invoice ? `${r.invoice}|${r.posting_date}` : r.name;
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

/** /reward-history: balance, the next expiry from the ledger, 'my rewards', tabs received/used after a 1 s skeleton. */
export function RewardHistory() {
  const t = useT();
  const [lang] = useLang();
  const [tab, setTab] = useState<HistoryTab>('received');
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setReady(true), HISTORY_SKELETON_MS);
    return () => clearTimeout(id);
  }, []);
  const query = useQuery(pointsDetailsQuery());
  const d = query.data;
  const received = d?.record.filter((r) => r.loyalty_points > 0) ?? [];
  const used = d ? usedRows(d.record) : [];
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
      <Tabs value={tab} onChange={(v) => setTab((v as HistoryTab) ?? 'received')}>
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
              ) : rows.length === 0 ? (
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
    </Stack>
  );
}
