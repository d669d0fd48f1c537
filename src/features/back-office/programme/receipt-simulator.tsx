import { Alert, Button, Group, NumberInput, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { simulateReceiptQuery, type ProgrammeRules } from '@/entities/programme';
import { errorText } from '@/lib/error-text';
import { formatDay } from '@/lib/format/dates';
import { formatNumber } from '@/lib/format/numbers';
import { useLang, useT } from '@/lib/i18n';
import { today } from '../../../../contracts/business-day';
import { DateField } from '@/components/date-field';

const NO_BRANCH = '';
const NO_TIER = '';

/**
 * "This receipt earns N points for a Silver member at branch X today", with the rule that applied: the server's
 * own earning computation (the till's), on the rules in effect on the chosen day.
 */
export function ReceiptSimulator({ rules, branches }: { rules: ProgrammeRules; branches: string[] }) {
  const t = useT();
  const [lang] = useLang();
  const [amount, setAmount] = useState<number | string>(1000);
  const [branch, setBranch] = useState(NO_BRANCH);
  const [tier, setTier] = useState(rules.tiers[0]?.name ?? NO_TIER);
  const [date, setDate] = useState(today());
  const [asked, setAsked] = useState<Parameters<typeof simulateReceiptQuery>[0] | null>(null);
  const result = useQuery({ ...simulateReceiptQuery(asked ?? { amount: 1 }), enabled: asked !== null });
  const e = result.data;
  const rounding = { down: t('programmeAdmin.roundDown'), nearest: t('programmeAdmin.roundNearest'), up: t('programmeAdmin.roundUp') };
  const where = (b: string | null) => (b ? t('programmeAdmin.simBranchName', { branch: b }) : t('programmeAdmin.simOnline'));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="simulator-title">
      <Title order={2} size="h4" id="simulator-title" mb="sm">
        {t('programmeAdmin.simulator')}
      </Title>
      <form
        onSubmit={(ev) => {
          ev.preventDefault();
          if (typeof amount === 'number' && amount > 0) setAsked({ amount, date, ...(branch ? { branch } : {}), ...(tier ? { tier } : {}) });
        }}
      >
        <Group align="end" gap="sm">
          <NumberInput label={t('programmeAdmin.simAmount')} w={150} min={0.01} decimalScale={2} thousandSeparator="," value={amount} onChange={setAmount} />
          <Select
            label={t('programmeAdmin.simBranch')}
            w={190}
            allowDeselect={false}
            value={branch}
            data={[{ value: NO_BRANCH, label: t('programmeAdmin.simAnyBranch') }, ...branches.map((b) => ({ value: b, label: b }))]}
            onChange={(v) => setBranch(v ?? NO_BRANCH)}
          />
          <Select
            label={t('programmeAdmin.simTier')}
            w={150}
            allowDeselect={false}
            value={tier}
            data={[{ value: NO_TIER, label: t('programmeAdmin.simNoTier') }, ...rules.tiers.map((x) => ({ value: x.name, label: x.name }))]}
            onChange={(v) => setTier(v ?? NO_TIER)}
          />
          <DateField label={t('programmeAdmin.simDate')} w={170} clearable={false} value={date} onChange={setDate} />
          <Button type="submit" loading={result.isFetching}>
            {t('programmeAdmin.simRun')}
          </Button>
        </Group>
      </form>
      {result.isError ? (
        <Alert color="red" mt="sm" title={t('programmeAdmin.simFailed')}>
          {errorText(result.error, t)}
        </Alert>
      ) : null}
      {e ? (
        <Stack gap={4} mt="md" data-testid="simulator-result">
          <Text fw={700} size="lg" data-testid="simulator-sentence">
            {e.tier
              ? t('programmeAdmin.simResult', { points: formatNumber(e.points, lang), tier: e.tier, branch: where(e.branch), date: formatDay(e.date, lang) })
              : t('programmeAdmin.simResultNoTier', { points: formatNumber(e.points, lang), branch: where(e.branch), date: formatDay(e.date, lang) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('programmeAdmin.simRule', { version: e.rules_version, baht: formatNumber(e.baht_per_point, lang), rounding: rounding[e.rounding], base: formatNumber(e.base_points, lang) })}
          </Text>
          {e.tier ? (
            <Text size="sm" c="dimmed">
              {t('programmeAdmin.simTierRule', { tier: e.tier, multiplier: formatNumber(e.tier_multiplier, lang) })}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed" data-testid="simulator-campaign">
            {e.campaign ? t('programmeAdmin.simCampaignRule', { name: e.campaign.name, multiplier: formatNumber(e.campaign.multiplier, lang) }) : t('programmeAdmin.simNoCampaign')}
          </Text>
          {e.over_cap ? (
            <Text size="sm" c="red">
              {t('programmeAdmin.simOverCap', { cap: formatNumber(e.daily_cap, lang) })}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Paper>
  );
}
