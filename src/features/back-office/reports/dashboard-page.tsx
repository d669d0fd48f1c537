import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Alert, Group, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { branchesQuery } from '@/entities/branches';
import { dashboardQuery, type Dashboard, type DashboardFilter } from '@/entities/reports';
import { errorText } from '@/lib/error-text';
import { formatDay } from '@/lib/format/dates';
import { formatBahtIn, formatNumber } from '@/lib/format/numbers';
import { useLang, useT, type MessageKey } from '@/lib/i18n';
import { useListSearch } from '../kit/list-search';
import { defaultRange, rangeOk } from './range';
import { Figure } from './figure';
import classes from './dashboard.module.css';
import { DateField } from '@/components/date-field';

const ALL = '';


function Stat({ label, value, note, id }: { label: string; value: string; note?: string; id: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`stat-${id}`}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={800} lh={1.3} data-testid="stat-value">
        {value}
      </Text>
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Paper>
  );
}

/** /admin/dashboard: the programme's figures for a range of Bangkok days and a branch; every figure exports as CSV. */
export function DashboardPage() {
  const t = useT();
  const [lang] = useLang();
  const last30 = defaultRange();
  const [{ from, to, branch }, set] = useListSearch({ from: last30.from_date, to: last30.to_date, branch: ALL });
  const range = { from_date: from, to_date: to };
  const valid = rangeOk(range.from_date, range.to_date);
  const filter: DashboardFilter = { ...range, ...(branch ? { branch } : {}) };
  const branches = useQuery(branchesQuery());
  // While a new filter loads, the figures of the last one stay on screen (dimmed) instead of a blank page.
  const query = useQuery({ ...dashboardQuery(filter), enabled: valid, placeholderData: keepPreviousData });
  const d = query.data;
  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="end">
        <div>
          <Title order={1} size="h2">
            {t('reports.title')}
          </Title>
          {d ? (
            <Text size="sm" c="dimmed">
              {t('reports.asOf', { date: formatDay(d.as_of, lang) })}
            </Text>
          ) : null}
        </div>
        <Group gap="sm" align="end">
          <DateField label={t('reports.fromDate')} w={170} clearable={false} value={range.from_date} onChange={(day) => set({ from: day })} />
          <DateField label={t('reports.toDate')} w={170} clearable={false} value={range.to_date} onChange={(day) => set({ to: day })} />
          <Select
            label={t('reports.branch')}
            w={200}
            allowDeselect={false}
            value={branch}
            data={[{ value: ALL, label: t('reports.allBranches') }, ...(branches.data ?? []).map((b) => ({ value: b.name, label: b.name }))]}
            onChange={(value) => set({ branch: value ?? ALL })}
          />
        </Group>
      </Group>
      {!valid ? <Alert color="red">{t('reports.badRange')}</Alert> : null}
      {query.isError && !d ? (
        <Alert color="red" title={t('reports.loadFailed')}>
          {errorText(query.error, t)}
        </Alert>
      ) : null}
      {d ? <Figures d={d} filter={filter} stale={query.isPlaceholderData} /> : valid && !query.isError ? <Skeleton height={500} radius="md" /> : null}
    </Stack>
  );
}

const MOVEMENTS = ['issued', 'redeemed', 'refunded', 'expired', 'adjusted', 'reversed'] as const;
const COLOURS = { issued: 'teal.6', redeemed: 'indigo.6', refunded: 'cyan.5', expired: 'red.6', adjusted: 'yellow.6', reversed: 'grape.6' } as const;

function Figures({ d, filter, stale }: { d: Dashboard; filter: DashboardFilter; stale: boolean }) {
  const t = useT();
  const [lang] = useLang();
  const n = (x: number) => formatNumber(x, lang);
  const label = (k: (typeof MOVEMENTS)[number]) => t(`reports.${k}` as MessageKey);
  return (
    <Stack gap="md" style={{ opacity: stale ? 0.6 : 1 }} aria-busy={stale || undefined}>
      <Figure title={t('reports.summary')} figure="summary" filter={filter}>
        <Stack gap="sm">
          <div className={classes.stats}>
            <Stat id="members-total" label={t('reports.membersTotal')} value={n(d.members.total)} />
            <Stat id="members-new" label={t('reports.membersNew')} value={n(d.members.new)} />
            <Stat id="active-30" label={t('reports.active30')} value={n(d.members.active_30)} />
            <Stat id="active-90" label={t('reports.active90')} value={n(d.members.active_90)} />
          </div>
          <div className={classes.stats}>
            {MOVEMENTS.map((k) => (
              <Stat key={k} id={k} label={label(k)} value={n(d.points[k])} />
            ))}
          </div>
          <div className={classes.stats}>
            <Stat id="outstanding" label={t('reports.outstanding')} value={n(d.points.outstanding)} />
            <Stat id="liability" label={t('reports.liability')} value={formatBahtIn(d.liability_baht, lang)} note={t('reports.liabilityNote', { value: n(d.point_value_baht) })} />
            <Stat
              id="redemption-rate"
              label={t('reports.redemptionRate')}
              value={d.redemption_rate === null ? '–' : `${formatNumber(Math.round(d.redemption_rate * 1000) / 10, lang)}%`}
              note={d.redemption_rate === null ? t('reports.noRate') : undefined}
            />
            <Stat id="reward-orders" label={t('reports.rewardOrders')} value={n(d.reward_orders)} />
          </div>
        </Stack>
      </Figure>

      <Figure title={t('reports.daily')} figure="daily" filter={filter}>
        <BarChart
          h={240}
          data={d.daily}
          dataKey="day"
          type="stacked"
          xAxisProps={{ tickFormatter: (day: string) => formatDay(day, lang) }}
          valueFormatter={n}
          withLegend
          series={(['issued', 'redeemed', 'expired'] as const).map((k) => ({ name: k, label: label(k), color: COLOURS[k] }))}
        />
      </Figure>

      <div className={classes.cards}>
        <Figure title={t('reports.topRewards')} figure="top_rewards" filter={filter}>
          <RowsTable
            head={[t('reports.reward'), t('reports.units'), t('reports.pointsCol')]}
            rows={d.top_rewards.map((r) => [r.item_name, n(r.units), n(r.points)])}
            testId="top-rewards"
          />
        </Figure>
        <Figure title={t('reports.branchRanking')} figure="branch_ranking" filter={filter}>
          {d.branch_ranking.length === 0 ? (
            <Empty />
          ) : (
            <BarChart
              h={Math.max(160, d.branch_ranking.length * 36)}
              data={d.branch_ranking}
              dataKey="branch"
              orientation="vertical"
              yAxisProps={{ width: 90 }}
              valueFormatter={n}
              series={[
                { name: 'issued', label: label('issued'), color: COLOURS.issued },
                { name: 'redeemed', label: label('redeemed'), color: COLOURS.redeemed },
              ]}
            />
          )}
        </Figure>
        <Figure title={t('reports.tierDistribution')} figure="tier_distribution" filter={filter}>
          {d.tier_distribution.length === 0 ? (
            <Empty />
          ) : (
            <div className={classes.tiers}>
              <DonutChart
                size={120}
                thickness={20}
                withTooltip
                valueFormatter={n}
                data={d.tier_distribution.map((x, i) => ({ name: x.tier || t('reports.noTier'), value: x.members, color: ['gray.5', 'blue.5', 'yellow.6', 'grape.6', 'teal.6'][i % 5]! }))}
              />
              <RowsTable head={[t('reports.tier'), t('reports.membersCol')]} rows={d.tier_distribution.map((x) => [x.tier || t('reports.noTier'), n(x.members)])} testId="tier-distribution" />
            </div>
          )}
        </Figure>
      </div>
    </Stack>
  );
}

function Empty() {
  const t = useT();
  return (
    <Text size="sm" c="dimmed">
      {t('reports.empty')}
    </Text>
  );
}

function RowsTable({ head, rows, testId }: { head: string[]; rows: string[][]; testId: string }) {
  if (rows.length === 0) return <Empty />;
  return (
    <Table data-testid={testId} verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          {head.map((h, i) => (
            <Table.Th key={h} ta={i === 0 ? undefined : 'right'} className={i === 0 ? undefined : classes.figure}>
              {h}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r, i) => (
          <Table.Tr key={i}>
            {r.map((c, j) => (
              <Table.Td key={j} ta={j === 0 ? undefined : 'right'} className={j === 0 ? undefined : classes.figure}>
                {c}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
