import { Button, Group, MultiSelect, NumberInput, Paper, SimpleGrid, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useT } from '@/lib/i18n';
import type { Campaign, ProgrammeRules } from '@/entities/programme';
import { today } from '../../../../contracts/business-day';
import type { FieldErrors } from './field-errors';
import { DateField } from '@/components/date-field';

interface Props {
  rules: ProgrammeRules;
  errors: FieldErrors;
  readOnly: boolean;
  branches: string[];
  onChange: (patch: Partial<ProgrammeRules>) => void;
}

const newCampaign = (n: number): Campaign => ({ id: `campaign-${n}`, name: '', multiplier: 2, from_date: today(), to_date: today(), branches: [], item_groups: [], tiers: [] });

/** Double-points days and the like: a multiplier over a date range, optionally for some branches, item groups or tiers. */
export function CampaignsEditor({ rules, errors, readOnly, branches, onChange }: Props) {
  const t = useT();
  const err = (path: string) => (errors[path] ? t(errors[path]) : undefined);
  const set = (i: number, patch: Partial<Campaign>) => onChange({ campaigns: rules.campaigns.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
  const tiers = rules.tiers.map((x) => x.name).filter(Boolean);
  return (
    <Stack gap="sm">
      {rules.campaigns.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('programmeAdmin.noCampaigns')}
        </Text>
      ) : null}
      {rules.campaigns.map((c, i) => (
        <Paper key={i} withBorder p="sm" radius="md" data-testid="campaign" data-campaign={c.id}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label={t('programmeAdmin.campaignId')} disabled={readOnly} value={c.id} error={err(`campaigns.${i}.id`)} onChange={(e) => set(i, { id: e.currentTarget.value })} />
            <TextInput label={t('programmeAdmin.campaignName')} disabled={readOnly} value={c.name} error={err(`campaigns.${i}.name`)} onChange={(e) => set(i, { name: e.currentTarget.value })} />
            <NumberInput label={t('programmeAdmin.multiplier')} disabled={readOnly} min={1} max={10} step={0.5} decimalScale={2} value={c.multiplier} error={err(`campaigns.${i}.multiplier`)} onChange={(v) => set(i, { multiplier: v as number })} />
            <DateField label={t('programmeAdmin.fromDate')} clearable={false} disabled={readOnly} value={c.from_date} error={err(`campaigns.${i}.from_date`)} onChange={(day) => set(i, { from_date: day })} />
            <DateField label={t('programmeAdmin.toDate')} clearable={false} disabled={readOnly} value={c.to_date} error={err(`campaigns.${i}.to_date`)} onChange={(day) => set(i, { to_date: day })} />
            <MultiSelect label={t('programmeAdmin.campaignTiers')} disabled={readOnly} data={tiers} value={c.tiers} error={err(`campaigns.${i}.tiers`)} onChange={(v) => set(i, { tiers: v })} />
            <MultiSelect label={t('programmeAdmin.branches')} disabled={readOnly} searchable data={[...new Set([...branches, ...c.branches])]} value={c.branches} error={err(`campaigns.${i}.branches`)} onChange={(v) => set(i, { branches: v })} />
            <TagsInput label={t('programmeAdmin.itemGroups')} disabled={readOnly} value={c.item_groups} error={err(`campaigns.${i}.item_groups`)} onChange={(v) => set(i, { item_groups: v })} />
          </SimpleGrid>
          {readOnly ? null : (
            <Group justify="end" mt="xs">
              <Button variant="subtle" color="red" size="compact-sm" onClick={() => onChange({ campaigns: rules.campaigns.filter((_, j) => j !== i) })}>
                {t('programmeAdmin.remove')}
              </Button>
            </Group>
          )}
        </Paper>
      ))}
      {readOnly ? null : (
        <Group>
          <Button variant="light" size="compact-sm" onClick={() => onChange({ campaigns: [...rules.campaigns, newCampaign(rules.campaigns.length + 1)] })}>
            {t('programmeAdmin.addCampaign')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
