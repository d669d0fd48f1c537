import { TitledText } from '@/components/titled-text';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useState } from 'react';
import { useForm, type FormErrors } from '@mantine/form';
import { Button, Checkbox, FileInput, Group, MultiSelect, NumberInput, Paper, SimpleGrid, Stack, Switch, TagsInput, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { uploadItemImage, useCreateItem, useUpdateItem } from '@/entities/admin';
import { rulesQuery } from '@/entities/programme';
import type { ItemDoc } from '../../../../contracts/catalog-admin';
import { RewardCardBody } from '@/components/reward-card';
import { SafeHtml } from '@/components/safe-html';
import { imageUrl } from '@/lib/file-url';
import { formatNumber } from '@/lib/format/numbers';
import { useLang, useT, type MessageKey } from '@/lib/i18n';
import { PageHead } from '../kit/page-head';
import { failedToast, savedToast } from '../kit/feedback';
import classes from '../kit/back-office.module.css';
import { bodyOf, checkReward, EMPTY_REWARD, formOf, type RewardForm, type RewardFormErrors } from './reward-form';
import { DateField } from '@/components/date-field';

/** What members will see: the catalogue's card and the top of the reward's page, from the unsaved form. */
function Preview({ form }: { form: RewardForm }) {
  const t = useT();
  const [lang] = useLang();
  const points = form.loyalty_points_based_price === '' ? null : form.loyalty_points_based_price;
  const card = { item_name: form.item_name || t('backOffice.rewardName'), website_image: form.website_image || null, loyalty_points_based_price: points };
  return (
    <Stack gap="md" className={classes.preview} data-testid="reward-preview">
      <TitledText title={t('backOffice.preview')} text={t('backOffice.previewCard')} />
      <div className={classes.previewCard}>
        <RewardCardBody item={card} />
      </div>
      <Text size="sm" c="dimmed">
        {t('backOffice.previewDetail')}
      </Text>
      <div className={classes.previewDetail}>
        {form.website_image ? <img src={imageUrl(form.website_image)} alt="" /> : null}
        <div className={classes.previewBody}>
          <Title order={3} size="h4">
            {card.item_name}
          </Title>
          {points ? (
            <Text fw={700} c="brand.7">
              {t('catalog.pointsPrice', { count: formatNumber(points, lang) })}
            </Text>
          ) : null}
          <SafeHtml html={form.description} />
        </div>
      </div>
    </Stack>
  );
}

const num = (v: string | number) => (v === '' ? '' : Number(v));

/** What each field the check marks says: the code's rule, the schedule's order (on its end), else what is missing. */
function errorKeys(marked: RewardFormErrors): Partial<Record<keyof RewardForm, MessageKey>> {
  const keys: Partial<Record<keyof RewardForm, MessageKey>> = {};
  for (const field of Object.keys(marked) as (keyof RewardFormErrors)[]) {
    if (field === 'schedule') keys.item_schedule_end = 'backOffice.rewardScheduleInvalid';
    else if (field === 'item_code') keys.item_code = 'backOffice.rewardCodeInvalid';
    else if (field === 'item_name' || field === 'item_group') keys[field] = 'backOffice.required';
    else keys[field] ??= 'backOffice.invalidValue';
  }
  return keys;
}

export function RewardEditor({ item }: { item?: ItemDoc }) {
  const t = useT();
  const rules = useQuery(rulesQuery());
  const navigate = useNavigate();
  const creating = !item;
  const editor = useForm<RewardForm>({
    initialValues: item ? formOf(item) : EMPTY_REWARD,
    validate: (values): FormErrors => Object.fromEntries(Object.entries(errorKeys(checkReward(values, creating))).map(([field, key]) => [field, t(key)])),
  });
  const form = editor.values;
  const [uploading, setUploading] = useState(false);
  const create = useCreateItem();
  const update = useUpdateItem();
  const set = <K extends keyof RewardForm>(key: K, value: RewardForm[K]) => editor.setFieldValue(key, value as never);

  const upload = async (file: File | null) => {
    if (!file) return set('website_image', '');
    setUploading(true);
    try {
      const doc = await uploadItemImage(file);
      set('website_image', String(doc.file_url ?? ''));
    } catch (error) {
      failedToast(error);
    } finally {
      setUploading(false);
    }
  };

  const save = editor.onSubmit((form) => {
    const done = () => {
      savedToast(creating ? 'backOffice.rewardCreated' : 'backOffice.rewardSaved', { name: form.item_name.trim() });
      void navigate({ to: '/admin/rewards' });
    };
    if (creating) create.mutate({ item_code: form.item_code.trim(), ...bodyOf(form) }, { onSuccess: done, onError: failedToast });
    else update.mutate({ name: item.name, ...bodyOf(form) }, { onSuccess: done, onError: failedToast });
  });

  return (
    <>
      <PageHead title={creating ? t('backOffice.rewardNew') : t('backOffice.rewardEdit', { name: item.item_name })}>
        <Button variant="default" onClick={() => void navigate({ to: '/admin/rewards' })}>
          {t('backOffice.cancel')}
        </Button>
        <Button onClick={() => save()} loading={create.isPending || update.isPending} disabled={uploading}>
          {t('backOffice.save')}
        </Button>
      </PageHead>
      <div className={classes.editor}>
        <Paper withBorder radius="lg" p="lg">
          <form noValidate onSubmit={save}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('backOffice.rewardCode')} description={creating ? t('backOffice.rewardCodeHint') : undefined} withAsterisk={creating} disabled={!creating} {...editor.getInputProps('item_code')} />
                <TextInput label={t('backOffice.rewardName')} withAsterisk {...editor.getInputProps('item_name')} />
                <TextInput label={t('backOffice.rewardGroup')} withAsterisk {...editor.getInputProps('item_group')} />
                <TagsInput label={t('backOffice.rewardTags')} value={form.tags} onChange={(v) => set('tags', v)} error={editor.errors.tags} />
                <NumberInput label={t('backOffice.rewardPoints')} min={0} max={10_000_000} allowDecimal={false} value={form.loyalty_points_based_price} onChange={(v) => set('loyalty_points_based_price', num(v))} error={editor.errors.loyalty_points_based_price} />
                <NumberInput label={t('backOffice.rewardPrice')} min={0} max={10_000_000} decimalScale={2} value={form.price_list_rate} onChange={(v) => set('price_list_rate', num(v))} error={editor.errors.price_list_rate} />
              </SimpleGrid>
              <FileInput label={t('backOffice.rewardImage')} accept="image/png,image/jpeg,image/webp,image/gif" placeholder={form.website_image ? form.website_image.split('/').pop() : t('backOffice.rewardImagePick')} onChange={(f) => void upload(f)} clearable disabled={uploading} error={editor.errors.website_image} description={uploading ? t('backOffice.uploading') : undefined} />
              <Textarea label={t('backOffice.rewardDescription')} description={t('backOffice.rewardDescriptionHint')} autosize minRows={4} maxRows={12} value={form.description} onChange={(e) => set('description', e.currentTarget.value)} error={editor.errors.description} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <DateField label={t('backOffice.rewardStart')} value={form.item_schedule_start} onChange={(day) => set('item_schedule_start', day)} />
                <DateField label={t('backOffice.rewardEnd')} value={form.item_schedule_end} onChange={(day) => set('item_schedule_end', day)} error={editor.errors.item_schedule_end} />
              </SimpleGrid>
              <Checkbox label={t('backOffice.rewardCountStock')} checked={form.count_stock} onChange={(e) => set('count_stock', e.currentTarget.checked)} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {form.count_stock ? (
                  <NumberInput label={t('backOffice.rewardStockQty')} min={0} max={10_000_000} allowDecimal={false} value={form.stock_qty} onChange={(v) => set('stock_qty', num(v))} error={editor.errors.stock_qty} />
                ) : (
                  <Switch label={t('backOffice.inStock')} checked={form.in_stock} onChange={(e) => set('in_stock', e.currentTarget.checked)} />
                )}
                <NumberInput label={t('backOffice.rewardLimit')} description={t('backOffice.rewardLimitHint')} min={1} max={10_000} allowDecimal={false} value={form.per_member_limit} onChange={(v) => set('per_member_limit', num(v))} error={editor.errors.per_member_limit} />
              </SimpleGrid>
              <MultiSelect
                label={t('backOffice.rewardTiers')}
                description={t('backOffice.rewardTiersHint')}
                // The programme's tiers, and any name the item already holds (a tier renamed since still shows).
                data={[...new Set([...(rules.data?.current.rules.tiers ?? []).map((tier) => tier.name), ...form.eligible_tiers])]}
                value={form.eligible_tiers}
                onChange={(v) => set('eligible_tiers', v)}
                error={editor.errors.eligible_tiers}
                clearable
              />
              <Switch size="md" label={t('backOffice.rewardPublished')} checked={form.published} onChange={(e) => set('published', e.currentTarget.checked)} />
              <Group>
                <Button type="submit" loading={create.isPending || update.isPending} disabled={uploading}>
                  {t('backOffice.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
        <Preview form={form} />
      </div>
    </>
  );
}
