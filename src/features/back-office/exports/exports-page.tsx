import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { useState } from 'react';
import { Button, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { exportUrl } from '@/entities/admin';
import { EXPORT_KINDS, type ExportKind } from '../../../../contracts/admin';
import { useT, type MessageKey } from '@/lib/i18n';
import { PageHead } from '../kit/page-head';
import { DateField } from '@/components/date-field';

const KIND_LABEL: Record<ExportKind, MessageKey> = {
  members: 'backOffice.exportMembers',
  ledger: 'backOffice.exportLedger',
  orders: 'backOffice.exportOrders',
  audit: 'backOffice.exportAudit',
};

/** A CSV download (UTF-8 with a byte-order mark, so Thai opens in Excel) of one kind, narrowed by the filters. */
export function ExportsPage() {
  const t = useT();
  const [kind, setKind] = useState<ExportKind>('members');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [customer, setCustomer] = useState('');
  const [branch, setBranch] = useState('');
  const bad = Boolean(from && to && from > to);
  const href = exportUrl({ kind, from_date: from || undefined, to_date: to || undefined, customer: customer.trim() || undefined, branch: branch.trim() || undefined });
  return (
    <>
      <PageHead title={t('backOffice.exportsTitle')} />
      <Paper withBorder radius="lg" p="md" maw={760}>
        <Stack gap="md">
          <Text c="dimmed">{t('backOffice.exportsHelp')}</Text>
          <Select label={t('backOffice.exportKind')} data={EXPORT_KINDS.map((k) => ({ value: k, label: t(KIND_LABEL[k]) }))} value={kind} allowDeselect={false} onChange={(v) => setKind((v ?? 'members') as ExportKind)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField label={t('backOffice.from')} value={from} onChange={setFrom} />
            <DateField label={t('backOffice.to')} value={to} onChange={setTo} error={bad ? t('backOffice.rewardScheduleInvalid') : undefined} />
            {kind !== 'members' && kind !== 'audit' ? <TextInput label={t('backOffice.exportCustomer')} value={customer} onChange={(e) => setCustomer(e.currentTarget.value)} /> : null}
            {kind === 'orders' || kind === 'audit' ? <TextInput label={t('backOffice.branch')} value={branch} onChange={(e) => setBranch(e.currentTarget.value)} /> : null}
          </SimpleGrid>
          <div>
            <Button component="a" href={bad ? undefined : href} download={`${kind}.csv`} data-disabled={bad || undefined} aria-disabled={bad || undefined}>
              {t('backOffice.exportDownload')}
            </Button>
          </div>
        </Stack>
      </Paper>
    </>
  );
}
