import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Badge.css';
import { Alert, Button, Fieldset, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { branchesQuery } from '@/entities/branches';
import { bootQuery } from '@/entities/member';
import { rulesQuery, useUpdateRules, type ProgrammeRules, type RulesVersion } from '@/entities/programme';
import { errorText } from '@/lib/error-text';
import { formatDay } from '@/lib/format/dates';
import { useLang, useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { today } from '../../../../contracts/business-day';
import { changedRules, rulesErrors, type FieldErrors } from './field-errors';
import { CampaignsEditor } from './campaigns-editor';
import { ReceiptSimulator } from './receipt-simulator';
import { TiersEditor } from './tiers-editor';
import { DateField } from '@/components/date-field';

/** Who may write a new version (the server checks again); others read the rules and use the simulator. */
const EDITORS = ['System Manager', 'Loyalty Manager'];

/** /admin/rules: today's rules as a form, saved as a dated version; the versions scheduled after today; the simulator. */
export function RulesPage() {
  const t = useT();
  const rules = useQuery(rulesQuery());
  const branches = useQuery(branchesQuery());
  const boot = useQuery(bootQuery());
  const readOnly = !boot.data?.roles.some((r) => EDITORS.includes(r));
  if (rules.isPending) return <Skeleton height={600} radius="md" />;
  if (rules.isError) {
    return (
      <Alert color="red" title={t('programmeAdmin.loadFailed')}>
        {errorText(rules.error, t)}
      </Alert>
    );
  }
  const branchNames = (branches.data ?? []).filter((b) => !b.disabled).map((b) => b.name);
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1} size="h2">
          {t('programmeAdmin.title')}
        </Title>
        <VersionLine version={rules.data.current} />
        {rules.data.scheduled.map((x) => (
          <Text key={x.version} size="sm" c="orange" data-testid="scheduled-version">
            {t('programmeAdmin.scheduled', { version: x.version, date: x.effective_from ?? '' })}
          </Text>
        ))}
      </div>
      {/* A new form for every version the server answers, so a save starts from what was saved. */}
      <RulesForm key={rules.data.current.version} saved={rules.data.current.rules} readOnly={readOnly} branches={branchNames} />
      <ReceiptSimulator rules={rules.data.current.rules} branches={branchNames} />
    </Stack>
  );
}

function VersionLine({ version }: { version: RulesVersion }) {
  const t = useT();
  const [lang] = useLang();
  return (
    <Text size="sm" c="dimmed" data-testid="rules-version">
      {version.effective_from ? t('programmeAdmin.versionInfo', { version: version.version, date: formatDay(version.effective_from, lang) }) : t('programmeAdmin.versionStart')}
    </Text>
  );
}

/** The server's refusals of a version, by code. */
const SERVER_CODES = {
  tier_in_use: 'programmeAdmin.errTierInUse',
  branch_not_found: 'programmeAdmin.errBranchNotFound',
  effective_in_past: 'programmeAdmin.errEffectiveInPast',
  unknown_rule: 'programmeAdmin.errUnknownRule',
  invalid_rules: 'programmeAdmin.errInvalidRules',
} as const;

/** The form's fields: the rules, with the reminder days as typed ("30, 7"), and the new version's day and note. */
type RulesValues = Omit<ProgrammeRules, 'reminder_days'> & { reminder_days: string; effective_from: string; note: string };

/** The rules the form holds, as the contract reads them. */
function rulesOf({ reminder_days, effective_from: _from, note: _note, ...rest }: RulesValues): ProgrammeRules {
  return { ...rest, reminder_days: reminder_days.split(',').map((x) => x.trim()).filter(Boolean).map((x) => (/^\d+$/.test(x) ? Number(x) : x)) as number[] };
}

function RulesForm({ saved, readOnly, branches }: { saved: ProgrammeRules; readOnly: boolean; branches: string[] }) {
  const t = useT();
  const [lang] = useLang();
  // The errors are catalogue keys, said in the manager's language where they show.
  const form = useForm<RulesValues>({
    initialValues: { ...saved, reminder_days: saved.reminder_days.join(', '), effective_from: today(), note: '' },
    validate: (values) => rulesErrors(rulesOf(values)),
  });
  const draft = form.values;
  const errors = form.errors as FieldErrors;
  const update = useUpdateRules();
  const patch = (p: Partial<ProgrammeRules>) => form.setValues(p as Partial<RulesValues>);
  const err = (path: string) => (errors[path] ? t(errors[path]) : undefined);
  const changes = changedRules(saved, rulesOf(draft));
  const dirty = Object.keys(changes).length > 0;

  const save = form.onSubmit(({ effective_from: from, note }) => {
    // Awaited rather than an onSuccess of mutate: the saved version remounts this form, which drops those callbacks.
    update
      .mutateAsync({ rules: changes, effective_from: from, ...(note.trim() ? { note: note.trim() } : {}) })
      .then(() => toast({ status: 'success', title: t('programmeAdmin.saved'), description: t('programmeAdmin.savedBody', { date: formatDay(from, lang) }) }))
      .catch(() => {}); // shown under the form from update.error
  });

  return (
    <form noValidate onSubmit={save}>
      <Stack gap="md">
        {readOnly ? <Alert color="gray">{t('programmeAdmin.readOnly')}</Alert> : null}
        <Fieldset legend={t('programmeAdmin.earning')} radius="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput label={t('programmeAdmin.bahtPerPoint')} disabled={readOnly} min={0.01} decimalScale={2} value={draft.baht_per_point} error={err('baht_per_point')} onChange={(v) => patch({ baht_per_point: v as number })} />
            <NumberInput label={t('programmeAdmin.pointValue')} disabled={readOnly} min={0} decimalScale={2} value={draft.point_value_baht} error={err('point_value_baht')} onChange={(v) => patch({ point_value_baht: v as number })} />
            <Select
              label={t('programmeAdmin.rounding')}
              disabled={readOnly}
              allowDeselect={false}
              value={draft.rounding}
              data={[
                { value: 'down', label: t('programmeAdmin.roundDown') },
                { value: 'nearest', label: t('programmeAdmin.roundNearest') },
                { value: 'up', label: t('programmeAdmin.roundUp') },
              ]}
              onChange={(v) => v && patch({ rounding: v as ProgrammeRules['rounding'] })}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('programmeAdmin.expiry')} radius="md">
          <Stack gap="sm">
            <SegmentedControl
              disabled={readOnly}
              value={draft.expiry.policy}
              data={[
                { value: 'days', label: t('programmeAdmin.expiryDays') },
                { value: 'end_of_month', label: t('programmeAdmin.expiryEndOfMonth') },
              ]}
              onChange={(v) => patch({ expiry: v === 'days' ? { policy: 'days', days: 365 } : { policy: 'end_of_month', months: 12 } })}
              w="fit-content"
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {draft.expiry.policy === 'days' ? (
                <NumberInput label={t('programmeAdmin.days')} disabled={readOnly} min={1} allowDecimal={false} value={draft.expiry.days} error={err('expiry.days')} onChange={(v) => patch({ expiry: { policy: 'days', days: v as number } })} />
              ) : (
                <NumberInput label={t('programmeAdmin.months')} disabled={readOnly} min={0} allowDecimal={false} value={draft.expiry.months} error={err('expiry.months')} onChange={(v) => patch({ expiry: { policy: 'end_of_month', months: v as number } })} />
              )}
              <TextInput label={t('programmeAdmin.reminderDays')} disabled={readOnly} value={draft.reminder_days} error={err('reminder_days')} onChange={(e) => form.setFieldValue('reminder_days', e.currentTarget.value)} />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('programmeAdmin.tiers')} radius="md">
          <TiersEditor rules={rulesOf(draft)} errors={errors} readOnly={readOnly} onChange={patch} />
        </Fieldset>

        <Fieldset legend={t('programmeAdmin.campaigns')} radius="md">
          <CampaignsEditor rules={rulesOf(draft)} errors={errors} readOnly={readOnly} branches={branches} onChange={patch} />
        </Fieldset>

        <Fieldset legend={t('programmeAdmin.bonuses')} radius="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput label={t('programmeAdmin.birthdayBonus')} disabled={readOnly} min={0} allowDecimal={false} value={draft.birthday_bonus} error={err('birthday_bonus')} onChange={(v) => patch({ birthday_bonus: v as number })} />
            <NumberInput label={t('programmeAdmin.signupBonus')} disabled={readOnly} min={0} allowDecimal={false} value={draft.signup_bonus} error={err('signup_bonus')} onChange={(v) => patch({ signup_bonus: v as number })} />
            <NumberInput label={t('programmeAdmin.dailyCap')} disabled={readOnly} min={0} allowDecimal={false} thousandSeparator="," value={draft.daily_cap} error={err('daily_cap')} onChange={(v) => patch({ daily_cap: v as number })} />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('programmeAdmin.rewardOrders')} radius="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput label={t('programmeAdmin.rewardValidDays')} disabled={readOnly} min={1} allowDecimal={false} value={draft.reward_valid_days} error={err('reward_valid_days')} onChange={(v) => patch({ reward_valid_days: v as number })} />
            <NumberInput label={t('programmeAdmin.purchaseDueDays')} disabled={readOnly} min={1} allowDecimal={false} value={draft.purchase_due_days} error={err('purchase_due_days')} onChange={(v) => patch({ purchase_due_days: v as number })} />
            <Switch mt="lg" label={t('programmeAdmin.uncollectedBack')} disabled={readOnly} checked={draft.uncollected_points_back} onChange={(e) => patch({ uncollected_points_back: e.currentTarget.checked })} />
          </SimpleGrid>
        </Fieldset>

        {readOnly ? null : (
          <Group align="end" gap="sm">
            <DateField label={t('programmeAdmin.effectiveFrom')} min={today()} clearable={false} value={draft.effective_from} onChange={(day) => form.setFieldValue('effective_from', day)} w={170} />
            <TextInput label={t('programmeAdmin.note')} value={draft.note} maxLength={500} onChange={(e) => form.setFieldValue('note', e.currentTarget.value)} style={{ flex: 1 }} />
            <Button type="submit" loading={update.isPending} disabled={!dirty} data-testid="save-rules">
              {t('programmeAdmin.save')}
            </Button>
            <Button
              variant="default"
              disabled={!dirty || update.isPending}
              onClick={() => {
                form.setValues({ ...saved, reminder_days: saved.reminder_days.join(', ') });
                form.clearErrors();
              }}
            >
              {t('programmeAdmin.reset')}
            </Button>
          </Group>
        )}
        {Object.keys(errors).length > 0 ? (
          <Alert color="red" role="alert">
            {errors.form ? t(errors.form) : t('programmeAdmin.fixFields')}
          </Alert>
        ) : null}
        {update.isError ? (
          <Alert color="red" role="alert" title={t('programmeAdmin.saveFailed')}>
            {errorText(update.error, t, Object.fromEntries(Object.entries(SERVER_CODES).map(([code, key]) => [code, t(key)])))}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
