import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Table.css';
import { useState } from 'react';
import { Alert, Button, FileInput, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useImportPoints } from '@/entities/admin';
import type { ImportPointsResult, ImportRowError } from '../../../../contracts/admin';
import { formatNumber } from '@/lib/format/numbers';
import { useLang, useT } from '@/lib/i18n';
import { PageHead } from '../kit/page-head';
import { failedToast, savedToast } from '../kit/feedback';

function RowErrors({ errors }: { errors: ImportRowError[] }) {
  const t = useT();
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped aria-label={t('backOffice.importErrors')} data-testid="import-errors">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('backOffice.importLine')}</Table.Th>
            <Table.Th>{t('backOffice.importColumn')}</Table.Th>
            <Table.Th>{t('backOffice.importProblem')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {errors.map((e) => (
            <Table.Tr key={`${e.line}-${e.code}-${e.column ?? ''}`}>
              <Table.Td>{e.line}</Table.Td>
              <Table.Td>{e.column ?? '–'}</Table.Td>
              <Table.Td>{t(`backOffice.import_${e.code}` as 'backOffice.import_member_missing')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Opening balances from a CSV: every upload is first a dry run that lists the rows it would refuse; the commit
 * writes all rows or none, and the same file commits once (the server knows it by its content).
 */
export function ImportPage() {
  const t = useT();
  const [lang] = useLang();
  const run = useImportPoints();
  const [csv, setCsv] = useState<string | null>(null);
  const [result, setResult] = useState<ImportPointsResult | null>(null);
  const pick = async (file: File | null) => {
    setResult(null);
    setCsv(null);
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    run.mutate({ csv: text, dry_run: true }, { onSuccess: setResult, onError: failedToast });
  };
  const commit = () => {
    if (!csv) return;
    run.mutate(
      { csv, dry_run: false },
      {
        onSuccess: (answer) => {
          setResult(answer);
          if (answer.already_imported) savedToast('backOffice.importAlready');
          else savedToast('backOffice.importDone', { rows: answer.valid_rows });
        },
        onError: failedToast,
      },
    );
  };
  const ready = result && result.dry_run && result.errors.length === 0 && result.valid_rows > 0;
  return (
    <>
      <PageHead title={t('backOffice.importTitle')} />
      <Stack gap="md" maw={900}>
        <Text c="dimmed">{t('backOffice.importHelp')}</Text>
        <Paper withBorder radius="lg" p="md">
          <Stack gap="md">
            <FileInput label={t('backOffice.importFile')} placeholder={t('backOffice.importPick')} accept=".csv,text/csv" clearable onChange={(f) => void pick(f)} />
            {result ? (
              <Alert color={result.errors.length ? 'red' : result.already_imported ? 'yellow' : 'teal'} data-testid="import-summary" role="status">
                {result.already_imported
                  ? t('backOffice.importAlready')
                  : result.committed
                    ? t('backOffice.importDone', { rows: result.valid_rows })
                    : t('backOffice.importChecked', { rows: result.rows, valid: result.valid_rows, errors: result.errors.length, points: formatNumber(result.total_points, lang) })}
              </Alert>
            ) : null}
            {result?.errors.length ? <RowErrors errors={result.errors} /> : null}
            <Group>
              <Button onClick={commit} disabled={!ready} loading={run.isPending && Boolean(result)}>
                {t('backOffice.importCommit')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}
