import * as v from 'valibot';
import { LINE_PLACEHOLDER_DOMAIN, type Profile } from '../../../contracts/account';
import { profileInputSchema } from '../../../contracts/profile';
import type { RuleCode } from '../../../contracts/errors';

export { profileWithChange, useProfileWrite, useRejectedProfileWrite, type ProfileSaveOutcome as SaveOutcome } from '@/entities/member/profile';

export interface ProfileFormValues {
  first_name: string;
  last_name: string;
  email: string;
  id_card_number: string;
  birth_date: string;
  phone: string;
}

/** What the form starts with: the profile's values; an e-mail on LINE's placeholder domain is cleared. */
export function initialValues(profile: Partial<Profile> | null | undefined): ProfileFormValues {
  const email = profile?.email ?? '';
  return {
    first_name: profile?.first_name ?? '',
    last_name: profile?.last_name ?? '',
    email: email.toLowerCase().endsWith(LINE_PLACEHOLDER_DOMAIN) ? '' : email,
    id_card_number: profile?.id_card_number ?? '',
    birth_date: profile?.birth_date ?? '',
    phone: profile?.phone ?? profile?.mobile_no ?? '',
  };
}

const RULE_FIELDS: Partial<Record<RuleCode, keyof ProfileFormValues>> = {
  first_name_required: 'first_name',
  last_name_required: 'last_name',
  id_card_required: 'id_card_number',
  birth_date_required: 'birth_date',
  birth_date_invalid: 'birth_date',
  email_invalid: 'email',
  phone_read_only: 'phone',
};
export const fieldFor = (code: string | undefined): keyof ProfileFormValues | undefined => (code ? RULE_FIELDS[code as RuleCode] : undefined);

/** The shared schema's verdict, per field: the code of the first rule each field breaks (say it with codeText). */
export function validateProfile(values: ProfileFormValues): Partial<Record<keyof ProfileFormValues, string>> {
  const result = v.safeParse(profileInputSchema, values, { abortPipeEarly: true });
  if (result.success) return {};
  const errors: Partial<Record<keyof ProfileFormValues, string>> = {};
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key as keyof ProfileFormValues | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** What update_profile is sent: the form's values, trimmed; the read-only phone only when there is one. */
export function profileArgs(values: ProfileFormValues) {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    id_card_number: values.id_card_number.trim(),
    birth_date: values.birth_date,
    ...(values.phone ? { phone: values.phone } : {}),
  };
}
