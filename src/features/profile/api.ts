import * as v from 'valibot';
import type { MessageKey } from '@/lib/i18n';
import { LINE_PLACEHOLDER_DOMAIN, PROFILE_MESSAGES, profileInputSchema, type Profile } from '../../../contracts/account';

export { profileWithChange, useProfileWrite, useRejectedProfileWrite, type ProfileSaveOutcome as SaveOutcome } from '@/entities/member';

export interface ProfileFormValues {
  first_name: string;
  last_name: string;
  email: string;
  id_card_number: string;
  birth_date: string;
  phone: string;
}

/** What the form starts with: the profile's values; an e-mail on LINE's placeholder domain is cleared (spec §5). */
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

const MESSAGE_KEYS: Record<string, MessageKey> = {
  [PROFILE_MESSAGES.firstName]: 'auth.errFirstName',
  [PROFILE_MESSAGES.lastName]: 'auth.errLastName',
  [PROFILE_MESSAGES.idCard]: 'auth.errIdCard',
  [PROFILE_MESSAGES.birthDate]: 'auth.errBirthDate',
  [PROFILE_MESSAGES.birthDateInvalid]: 'auth.errBirthDateInvalid',
  [PROFILE_MESSAGES.email]: 'auth.errEmail',
  [PROFILE_MESSAGES.tooLong]: 'auth.errTooLong',
  [PROFILE_MESSAGES.phoneReadOnly]: 'auth.errPhoneReadOnly',
};
/** The catalogue key of a rule message (the spec's English sentence), if it is one of ours. */
export const messageKeyFor = (message: string): MessageKey | undefined => MESSAGE_KEYS[message];

const MESSAGE_FIELDS: Record<string, keyof ProfileFormValues> = {
  [PROFILE_MESSAGES.firstName]: 'first_name',
  [PROFILE_MESSAGES.lastName]: 'last_name',
  [PROFILE_MESSAGES.idCard]: 'id_card_number',
  [PROFILE_MESSAGES.birthDate]: 'birth_date',
  [PROFILE_MESSAGES.birthDateInvalid]: 'birth_date',
  [PROFILE_MESSAGES.email]: 'email',
  [PROFILE_MESSAGES.phoneReadOnly]: 'phone',
};
export const fieldFor = (message: string): keyof ProfileFormValues | undefined => MESSAGE_FIELDS[message];

/** The shared schema's verdict, per field: the first rule message of each field (in English; map with messageKeyFor). */
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
