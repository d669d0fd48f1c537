import { Anchor, Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { reportCsvUrl, type DashboardFilter, type ReportFigure } from '@/entities/reports';
import { useT } from '@/lib/i18n';

/** One figure of the dashboard: its title, its CSV (the server's export of the same figure and filter) and its body. */
export function Figure({ title, figure, filter, children }: { title: string; figure: ReportFigure; filter: DashboardFilter; children: ReactNode }) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} data-testid={`figure-${figure}`}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h5">
          {title}
        </Title>
        <Anchor href={reportCsvUrl(figure, filter)} download size="sm" fw={600} aria-label={t('reports.csvOf', { figure: title })} data-testid={`csv-${figure}`}>
          {t('reports.csv')}
        </Anchor>
      </Group>
      {children}
    </Paper>
  );
}
