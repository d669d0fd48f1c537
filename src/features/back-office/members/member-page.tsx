import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Progress.css';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Alert, Button, Progress, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { bootQuery } from '@/entities/member';
import { memberSummaryQuery, type MemberSummary } from '@/entities/admin';
import { formatDay } from '@/lib/format/dates';
import { formatMoment } from '@/lib/format/moment';
import { formatNumber } from '@/lib/format/numbers';
import { useLang, useT } from '@/lib/i18n';
import { PageSkeleton } from '@/components/page-skeleton';
import { AdminTable, PAGE_SIZE } from '../kit/admin-table';
import { useListSearch } from '../kit/list-search';
import { PageHead } from '../kit/page-head';
import { Section } from '../kit/section';
import { AdjustDialog, BlockDialog, reasonLabel } from './member-dialogs';
import { MemberConsents } from './member-consents';
import classes from '../kit/back-office.module.css';

/** Who adjusts points, blocks, and handles the member's consents and copy of their data (contracts/privacy.ts PRIVACY_MANAGERS). */
const WRITERS = ['System Manager', 'Loyalty Manager'];

/**
 * A Branch Manager's view of a member never active at their branch (the server answers `limited`): the name, the
 * tier and a masked phone, and why nothing else is shown; no action that needs the member's personal data.
 */
function LimitedMember({ m }: { m: MemberSummary }) {
  const t = useT();
  return (
    <>
      <PageHead title={m.full_name} />
      <Stack gap="md">
        <Alert color="blue" title={t('privacyAdmin.limitedTitle')} data-testid="member-limited">
          {t('privacyAdmin.limitedText')}
        </Alert>
        <Section title={t('backOffice.memberProfile')}>
          <div className={classes.figures}>
            <Figure label={t('backOffice.memberTier')} value={m.tier.tier_name ?? t('backOffice.noTier')} />
            <Figure label={t('backOffice.memberPhone')} value={m.mobile_no ?? '–'} testId="member-phone" />
          </div>
        </Section>
      </Stack>
    </>
  );
}


export function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

export function SimpleTable({ head, rows, empty }: { head: string[]; rows: ReactNode[][]; empty: string }) {
  if (!rows.length) return <Text c="dimmed">{empty}</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((cells, i) => (
            <Table.Tr key={i}>
              {cells.map((c, j) => (
                <Table.Td key={j}>{c}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Overview({ m }: { m: MemberSummary }) {
  const t = useT();
  const [lang] = useLang();
  const toNext = m.tier.points_to_next_tier;
  const progress = m.tier.next_tier_name && toNext > 0 ? Math.min(100, Math.round((m.points_earned / (m.points_earned + toNext)) * 100)) : 100;
  return (
    <Section title={t('backOffice.memberProfile')}>
      <div className={classes.figures}>
        <Figure label={t('backOffice.memberBalance')} value={t('backOffice.pointsValue', { points: formatNumber(m.loyalty_points, lang) })} testId="member-balance" />
        <Figure label={t('backOffice.memberTier')} value={m.tier.tier_name ?? t('backOffice.noTier')} />
        <Figure label={t('backOffice.memberPhone')} value={m.mobile_no ?? '–'} />
        <Figure label={t('backOffice.memberEmail')} value={m.email ?? '–'} />
        <Figure label={t('backOffice.memberSince')} value={formatDay(m.member_since, lang)} />
        <Figure label={t('backOffice.memberVerified')} value={m.phone_verified ? t('backOffice.yes') : t('backOffice.no')} />
      </div>
      {m.tier.next_tier_name ? (
        <Stack gap={4} mt="md">
          <Text size="sm">{t('backOffice.toNextTier', { points: formatNumber(toNext, lang), tier: m.tier.next_tier_name })}</Text>
          <Progress value={progress} aria-label={t('backOffice.memberTier')} />
        </Stack>
      ) : null}
    </Section>
  );
}

function Ledger({ customer }: { customer: string }) {
  const t = useT();
  const [lang] = useLang();
  const [{ page }, set] = useListSearch({ page: 1 });
  const summary = useQuery({ ...memberSummaryQuery({ customer, ledger_start: (page - 1) * PAGE_SIZE, ledger_limit: PAGE_SIZE }), placeholderData: keepPreviousData });
  const ledger = summary.data?.ledger;
  return (
    <Section title={t('backOffice.memberLedger')}>
      <AdminTable
        label={t('backOffice.memberLedger')}
        records={ledger?.rows}
        idAccessor="name"
        fetching={summary.isFetching}
        paged={{ page, onPageChange: (p) => set({ page: p }), total: ledger?.total }}
        columns={[
          { accessor: 'posting_date', title: t('backOffice.date'), render: (r) => formatDay(r.posting_date, lang) },
          { accessor: 'entry_type', title: t('backOffice.entryType'), render: (r) => t(`backOffice.entry_${r.entry_type}` as 'backOffice.entry_earn') },
          { accessor: 'loyalty_points', title: t('backOffice.points'), textAlign: 'right', render: (r) => (r.loyalty_points > 0 ? `+${formatNumber(r.loyalty_points, lang)}` : formatNumber(r.loyalty_points, lang)) },
          { accessor: 'reason', title: t('backOffice.adjustReason'), render: (r) => (r.reason ? reasonLabel(r.reason, t) : '–') },
          { accessor: 'member_text', title: t('backOffice.adjustMemberText'), render: (r) => r.member_text ?? '–' },
          { accessor: 'note', title: t('backOffice.adjustNote'), render: (r) => r.note ?? r.receipt_no ?? r.invoice ?? '–' },
          { accessor: 'expiry_date', title: t('backOffice.expires'), render: (r) => (r.loyalty_points > 0 ? formatDay(r.expiry_date, lang) : '–') },
        ]}
      />
    </Section>
  );
}

export function MemberPage({ customer }: { customer: string }) {
  const t = useT();
  const [lang] = useLang();
  const summary = useQuery(memberSummaryQuery({ customer, ledger_start: 0, ledger_limit: PAGE_SIZE }));
  const boot = useQuery(bootQuery());
  const [dialog, setDialog] = useState<'adjust' | 'block' | null>(null);
  const m = summary.data;
  if (summary.isError) return <Alert color="red">{t('errors.memberNotFound')}</Alert>;
  if (!m) return <PageSkeleton />;
  if (m.limited) return <LimitedMember m={m} />;
  const mayWrite = (boot.data?.roles ?? []).some((r) => WRITERS.includes(r));
  const orders = [...m.reward_orders, ...m.orders];
  return (
    <>
      <PageHead title={m.full_name}>
        {mayWrite ? (
          <>
            <Button onClick={() => setDialog('adjust')}>{t('backOffice.adjust')}</Button>
            <Button color={m.blocked.blocked ? 'teal' : 'red'} variant="light" onClick={() => setDialog('block')}>
              {m.blocked.blocked ? t('backOffice.unblock') : t('backOffice.block')}
            </Button>
          </>
        ) : null}
      </PageHead>
      <Stack gap="md">
        {m.blocked.blocked ? (
          <Alert color="red" title={t('backOffice.blocked')} data-testid="member-blocked">
            {t('backOffice.blockedSince', { date: m.blocked.at ? formatMoment(m.blocked.at, lang) : '–', by: m.blocked.by ?? '–', reason: m.blocked.reason ?? '–' })}
          </Alert>
        ) : null}
        <Overview m={m} />
        {mayWrite ? <MemberConsents customer={m.customer} name={m.full_name} /> : null}
        <Section title={t('backOffice.memberBatches')}>
          <SimpleTable
            head={[t('backOffice.date'), t('backOffice.points'), t('backOffice.expires')]}
            rows={m.batches.map((b) => [formatDay(b.posting_date, lang), formatNumber(b.available, lang), formatDay(b.expiry_date, lang)])}
            empty={t('backOffice.noRecords')}
          />
        </Section>
        <Ledger customer={customer} />
        <Section title={t('backOffice.memberOrders')}>
          <SimpleTable
            head={[t('backOffice.orderName'), t('backOffice.date'), t('backOffice.rewardStatus'), t('backOffice.points'), t('backOffice.branch')]}
            rows={orders.map((o) => [o.name, formatDay(o.posting_date, lang), o.status, formatNumber(o.loyalty_points, lang), o.branch ?? '–'])}
            empty={t('backOffice.noRecords')}
          />
        </Section>
        <Section title={t('backOffice.memberDevices')}>
          <SimpleTable
            head={[t('backOffice.device'), t('backOffice.date'), t('backOffice.rewardStatus')]}
            rows={m.devices.map((d) => [d.device_id.slice(0, 12), formatMoment(d.created_at, lang), d.revoked_at ? t('backOffice.revoked') : t('backOffice.active')])}
            empty={t('backOffice.noRecords')}
          />
        </Section>
      </Stack>
      <AdjustDialog member={m} opened={dialog === 'adjust'} onClose={() => setDialog(null)} />
      <BlockDialog key={String(m.blocked.blocked)} member={m} opened={dialog === 'block'} onClose={() => setDialog(null)} />
    </>
  );
}
