import { useQuery } from '@tanstack/react-query';
import { broadcastListQuery, type BroadcastRow } from '@/entities/broadcast';
import { formatMoment } from '@/lib/format/moment';
import { useLang, useT } from '@/lib/i18n';
import { AdminTable, PAGE_SIZE } from '../kit/admin-table';
import { useListSearch } from '../kit/list-search';
import { Section } from '../kit/section';


/** Past broadcasts, newest first: when, who, to whom, what, and how many each channel reached. */
export function BroadcastHistory() {
  const t = useT();
  const [lang] = useLang();
  const [{ page }, set] = useListSearch({ page: 1 });
  const list = useQuery(broadcastListQuery((page - 1) * PAGE_SIZE, PAGE_SIZE));
  const rows = list.data?.rows ?? [];

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
    <Section title={t('broadcast.history')} radius="md">
      {/* One table from loading to loaded: none sent is its empty line, so nothing is swapped out under the reader. */}
      <AdminTable<BroadcastRow>
        label={t('broadcast.history')}
        testId="broadcast-history"
        records={rows}
        idAccessor="broadcast"
        fetching={list.isFetching}
        emptyText={t('broadcast.none')}
        paged={{ page, onPageChange: (p) => set({ page: p }), total: list.data?.total }}
        columns={[
          { accessor: 'created_at', title: t('broadcast.when'), noWrap: true, render: (row) => formatMoment(row.created_at, lang) },
          { accessor: 'sent_by_name', title: t('broadcast.by') },
          { accessor: 'segment', title: t('broadcast.audience'), render: audience },
          { accessor: 'title', title: t('broadcast.message'), render: (row) => row.title[lang] },
          { accessor: 'members', title: t('broadcast.counts'), render: (row) => t('broadcast.reach', { members: row.members, reachable: row.queued, webpush: row.webpush, line: row.line }) },
        ]}
      />
    </Section>
  );
}
