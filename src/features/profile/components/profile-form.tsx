import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { FormFailure } from '@/components/form-failure';
import { useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { codeText, errorText } from '@/lib/error-text';
import { isFrappeClientError } from '@/lib/frappe';
import { useT } from '@/lib/i18n';
import type { OutboxEntry } from '@/lib/outbox';
import type { Profile } from '../../../../contracts/account';
import { today } from '../../../../contracts/business-day';
import { useUpdateProfile } from '@/entities/member/profile';
import { fieldFor, initialValues, profileArgs, validateProfile, type ProfileFormValues, type SaveOutcome } from '../api';

export interface ProfileFormProps {
  /** The signed-in member's profile (the form starts from it). */
  profile: Partial<Profile> | null;
  /** fill-info: the first-time form; edit: adds the read-only phone (and its change action). */
  mode: 'fill-info' | 'edit';
  /** Rendered under the read-only phone on /edit-profile (the change-phone steps). */
  phoneAction?: ReactNode;
  onSaved: (outcome: SaveOutcome) => void | Promise<void>;
  /** A refused queued change being fixed: its refusal is shown under its field (or above the form). */
  refusal?: Pick<OutboxEntry, 'code'>;
}

/**
 * The profile form: first name, last name, e-mail, ID card number, birth date (all required, with the shared
 * rules' messages of contracts/account.ts); submit disabled while the form is invalid or saving ('Loading...'); the phone read-only.
 */
export function ProfileForm({ profile, mode, phoneAction, onSaved, refusal }: ProfileFormProps) {
  const t = useT();
  const save = useUpdateProfile();
  const refusedField = fieldFor(refusal?.code);
  const [failure, setFailure] = useState<string | null>(refusal && !refusedField ? (codeText(refusal.code, t) ?? t('errors.generic')) : null);
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues: initialValues(profile),
    initialErrors: refusal?.code && refusedField ? { [refusedField]: refusal.code } : {},
    validate: validateProfile,
    validateInputOnChange: true,
    validateInputOnBlur: true,
  });

  // A field's error is a rule's code.
  const tr = (code: ReactNode) => {
    if (typeof code !== 'string') return code;
    return codeText(code, t) ?? t('errors.generic');
  };
  const field = (name: keyof ProfileFormValues) => {
    const props = form.getInputProps(name);
    return { ...props, error: tr(props.error as ReactNode) };
  };

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const outcome = await save.mutateAsync(profileArgs(values));
      await onSaved(outcome);
    } catch (error) {
      // A rule of the form (the server checks the same ones): under its field; anything else above the form.
      // Always in the member's language, never the server's sentence.
      const code = isFrappeClientError(error) ? error.code : undefined;
      const target = fieldFor(code);
      if (code && target && target !== 'phone') form.setFieldError(target, code);
      else setFailure(errorText(error, t));
    }
  });

  const invalid = !form.isValid();
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormFailure>{failure}</FormFailure>
        <Group grow align="flex-start" gap="sm">
          <TextInput label={t('auth.firstName')} withAsterisk autoComplete="given-name" size="md" {...field('first_name')} />
          <TextInput label={t('auth.lastName')} withAsterisk autoComplete="family-name" size="md" {...field('last_name')} />
        </Group>
        {mode === 'edit' && (
          <Stack gap={6}>
            <TextInput label={t('auth.phone')} readOnly size="md" value={form.values.phone} description={t('auth.phoneReadOnlyHint')} variant="filled" />
            {phoneAction && <Group>{phoneAction}</Group>}
          </Stack>
        )}
        <TextInput label={t('auth.email')} type="email" inputMode="email" autoComplete="email" size="md" {...field('email')} />
        <TextInput
          label={t('auth.idCard')}
          withAsterisk
          inputMode="numeric"
          autoComplete="off"
          size="md"
          maxLength={30}
          {...field('id_card_number')}
        />
        <TextInput label={t('auth.birthDate')} withAsterisk type="date" size="md" max={today()} min="1900-01-01" {...field('birth_date')} />
        <Button type="submit" size="md" radius="xl" disabled={invalid || save.isPending} mt="sm">
          {save.isPending ? t('auth.loading') : t('auth.save')}
        </Button>
      </Stack>
    </form>
  );
}
