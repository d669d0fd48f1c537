import { Skeleton, Table, Text } from '@mantine/core';
import { useT, type MessageKey } from '@/lib/i18n';

/** The rows an admin list shows instead of data: three skeletons while loading, the error, or "nothing yet". */
export function TableStatusRows({
  query,
  columns,
  rowHeight,
  empty,
}: {
  query: { isPending: boolean; isError: boolean; data?: readonly unknown[] };
  columns: number;
  rowHeight: number;
  empty: MessageKey;
}) {
  const t = useT();
  const row = (key: string | number, content: React.ReactNode) => (
    <Table.Tr key={key}>
      <Table.Td colSpan={columns}>{content}</Table.Td>
    </Table.Tr>
  );
  if (query.isPending) return <>{[0, 1, 2].map((i) => row(i, <Skeleton height={rowHeight} />))}</>;
  if (query.isError) return row('error', <Text c="red">{t('blogAdmin.loadFailed')}</Text>);
  if (query.data?.length === 0) return row('empty', <Text c="dimmed">{t(empty)}</Text>);
  return null;
}
