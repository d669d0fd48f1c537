import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LastUpdatedNote, OfflineState } from '@/components/offline-state';
import { useT } from '@/lib/i18n';
import { documentQuery, INFORMATION_DOCUMENT, type DocumentDoctype } from '@/entities/documents';
import { RichText } from './rich-text';

export interface InfoDocumentProps {
  title: string;
  doctype?: DocumentDoctype;
}

/** The rich text of one document, fetched by title and rendered only after DOMPurify. */
export function InfoDocument({ title, doctype = INFORMATION_DOCUMENT }: InfoDocumentProps) {
  const t = useT();
  const query = useQuery(documentQuery(doctype, title));
  if (query.isPending) {
    return (
      <Stack gap="sm" p="md" role="status" aria-busy="true">
        <span className="visually-hidden">{t('common.loading')}</span>
        <Skeleton height={24} width="70%" />
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={14} width={i % 3 === 2 ? '60%' : '100%'} />
        ))}
      </Stack>
    );
  }
  if (query.isError && !query.data) return <OfflineState onRetry={() => void query.refetch()} />;
  return (
    <Stack gap={6} p="md">
      <LastUpdatedNote updatedAt={query.dataUpdatedAt} />
      <Paper radius="lg" p="lg" withBorder>
        {query.data ? <RichText html={query.data.description} /> : <Text c="dimmed">{t('info.notFound')}</Text>}
      </Paper>
    </Stack>
  );
}
