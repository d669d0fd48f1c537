import { useState } from 'react';
import { Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { broadcastListQuery, type BroadcastRow } from '@/entities/broadcast';
import { formatMoment } from '@/lib/format/moment';
import { useLang, useT } from '@/lib/i18n';

const PAGE = 20;

/** Past broadcasts, newest first: when, who, to whom, what, and how many each channel reached. */
export function BroadcastHistory() {
  const t = useT();
  const [lang] = useLang();
  const [start, setStart] = useState(0);
  const list = useQuery(broadcastListQuery(start, PAGE));
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  const audience = (row: BroadcastRow) => {
    const s = row.segment;
    const parts = [
      ...(s.tiers?.length ? [s.tiers.join(', ')] : []),
      ...(s.branches?.length ? [s.branches.join(', ')] : []),
      ...(s.last_activity ? [`${s.last_activity.mode === 'active' ? t('broadcast.activityActive') : t('broadcast.activityInactive')} ${s.last_activity.days}`] : []),
    ];
    return parts.length ? parts.join(' · ') : t('broadcast.everyone');
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {t('broadcast.history')}
      </Title>
      {list.isSuccess && rows.length === 0 ? (
        <Text c="dimmed">{t('broadcast.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped data-testid="broadcast-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('broadcast.when')}</Table.Th>
                <Table.Th>{t('broadcast.by')}</Table.Th>
                <Table.Th>{t('broadcast.audience')}</Table.Th>
                <Table.Th>{t('broadcast.message')}</Table.Th>
                <Table.Th>{t('broadcast.counts')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.broadcast}>
                  <Table.Td>{formatMoment(row.created_at, lang)}</Table.Td>
                  <Table.Td>{row.sent_by_name}</Table.Td>
                  <Table.Td>{audience(row)}</Table.Td>
                  <Table.Td>{row.title[lang]}</Table.Td>
                  <Table.Td>{t('broadcast.reach', { members: row.members, reachable: row.queued, webpush: row.webpush, line: row.line })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > PAGE && (
        <Group justify="flex-end" mt="sm">
          <Button variant="default" size="xs" disabled={start === 0} onClick={() => setStart(Math.max(0, start - PAGE))} aria-label={t('broadcast.prevPage')}>
            ‹
          </Button>
          <Text size="sm">
            {start + 1}–{Math.min(start + PAGE, total)} / {total}
          </Text>
          <Button variant="default" size="xs" disabled={start + PAGE >= total} onClick={() => setStart(start + PAGE)} aria-label={t('broadcast.nextPage')}>
            ›
          </Button>
        </Group>
      )}
    </Paper>
  );
}
