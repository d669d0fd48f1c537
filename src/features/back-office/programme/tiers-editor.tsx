import { Button, ColorInput, Group, NumberInput, Select, Stack, Table, TextInput } from '@mantine/core';
import { useT } from '@/lib/i18n';
import type { ProgrammeRules, TierRule } from '@/entities/programme';
import type { FieldErrors } from './field-errors';

interface Props {
  rules: ProgrammeRules;
  errors: FieldErrors;
  readOnly: boolean;
  onChange: (patch: Partial<ProgrammeRules>) => void;
}

const NEW_TIER: TierRule = { name: '', threshold: 0, multiplier: 1, colour: '#888888', thumbnail: null };

/** The tiers, lowest threshold first as the server keeps them: name, threshold, multiplier, colour; and the window. */
export function TiersEditor({ rules, errors, readOnly, onChange }: Props) {
  const t = useT();
  const err = (path: string) => (errors[path] ? t(errors[path]) : undefined);
  const setTier = (i: number, patch: Partial<TierRule>) => onChange({ tiers: rules.tiers.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
  return (
    <Stack gap="sm">
      <Select
        label={t('programmeAdmin.tierWindow')}
        w={260}
        allowDeselect={false}
        disabled={readOnly}
        value={rules.tier_window}
        data={[
          { value: 'lifetime', label: t('programmeAdmin.windowLifetime') },
          { value: 'rolling_12_months', label: t('programmeAdmin.windowRolling') },
        ]}
        onChange={(v) => v && onChange({ tier_window: v as ProgrammeRules['tier_window'] })}
      />
      <Table verticalSpacing={4} data-testid="tiers-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('programmeAdmin.tierName')}</Table.Th>
            <Table.Th>{t('programmeAdmin.threshold')}</Table.Th>
            <Table.Th>{t('programmeAdmin.multiplier')}</Table.Th>
            <Table.Th>{t('programmeAdmin.colour')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rules.tiers.map((tier, i) => (
            <Table.Tr key={i} data-testid="tier-row" data-tier={tier.name}>
              <Table.Td>
                <TextInput aria-label={t('programmeAdmin.tierName')} disabled={readOnly} value={tier.name} error={err(`tiers.${i}.name`)} onChange={(e) => setTier(i, { name: e.currentTarget.value })} />
              </Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={t('programmeAdmin.threshold')}
                  disabled={readOnly}
                  min={0}
                  allowDecimal={false}
                  thousandSeparator=","
                  value={tier.threshold}
                  error={err(`tiers.${i}.threshold`)}
                  onChange={(v) => setTier(i, { threshold: v as number })}
                />
              </Table.Td>
              <Table.Td>
                <NumberInput aria-label={t('programmeAdmin.multiplier')} disabled={readOnly} min={1} max={10} step={0.5} decimalScale={2} value={tier.multiplier} error={err(`tiers.${i}.multiplier`)} onChange={(v) => setTier(i, { multiplier: v as number })} />
              </Table.Td>
              <Table.Td>
                <ColorInput aria-label={t('programmeAdmin.colour')} disabled={readOnly} format="hex" value={tier.colour} error={err(`tiers.${i}.colour`)} onChange={(v) => setTier(i, { colour: v })} />
              </Table.Td>
              <Table.Td>
                {readOnly ? null : (
                  <Button variant="subtle" color="red" size="compact-sm" onClick={() => onChange({ tiers: rules.tiers.filter((_, j) => j !== i) })}>
                    {t('programmeAdmin.remove')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {readOnly ? null : (
        <Group>
          <Button variant="light" size="compact-sm" onClick={() => onChange({ tiers: [...rules.tiers, NEW_TIER] })}>
            {t('programmeAdmin.addTier')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
