import { useMutation } from '@tanstack/react-query';
import * as v from 'valibot';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { sendWrite, useOutbox, useRefusedEntry, type OutboxEntry } from '@/lib/outbox';
import type { MessageKey } from '@/lib/i18n';
import {
  LINE_PLACEHOLDER_DOMAIN,
  PROFILE_MESSAGES,
  profileInputSchema,
  profileSchema,
  type Profile,
} from '../../../contracts/account';

export const UPDATE_PROFILE = 'honda_api.api_calls.getuser.update_profile';

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

export type SaveOutcome = { queued: false; profile: Profile } | { queued: true };

export const PROFILE_WRITE = 'profile.update';

/**
 * update_profile, through the offline outbox (DESIGN §6): online it is sent at once with its Idempotency-Key and
 * a server rejection comes back to the form; offline (or with no answer) it waits in the outbox, 'waiting to
 * sync', and is replayed with the same key when the connection returns (closing the app loses nothing).
 */
export function useUpdateProfile() {
  return useMutation({
    mutationKey: ['profile', 'update'],
    networkMode: 'always',
    mutationFn: async (values: ProfileFormValues): Promise<SaveOutcome> => {
      const args = {
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        email: values.email.trim(),
        id_card_number: values.id_card_number.trim(),
        birth_date: values.birth_date,
        ...(values.phone ? { phone: values.phone } : {}),
      };
      const sent = await sendWrite({
        id: newIdempotencyKey(),
        method: UPDATE_PROFILE,
        args,
        label: `${args.first_name} ${args.last_name}`,
        kind: PROFILE_WRITE,
        invalidate: [['profile'], ['boot']],
      });
      if (sent.queued) return { queued: true };
      return { queued: false, profile: v.parse(profileSchema, sent.result) };
    },
  });
}

/** The profile with a queued change's values on top (shown while it waits, or prefilled to fix a refused one). */
export function profileWithChange<P extends Partial<Profile>>(user: P, args: Record<string, unknown>): P {
  const text = (k: string) => (typeof args[k] === 'string' ? (args[k] as string) : undefined);
  const first = text('first_name') ?? user.first_name;
  const last = text('last_name') ?? user.last_name;
  return {
    ...user,
    first_name: first,
    last_name: last,
    full_name: [first, last].filter(Boolean).join(' ') || user.full_name,
    email: text('email') ?? user.email,
    id_card_number: text('id_card_number') ?? user.id_card_number,
    birth_date: text('birth_date') ?? user.birth_date,
  };
}

/** The refused profile change with this outbox id, to fix it. */
export const useRejectedProfileWrite = (id: string | undefined) => useRefusedEntry(id, (e) => e.kind === PROFILE_WRITE);

/** The member's latest profile change that went through the outbox (for its 'waiting to sync' / 'saved' badge). */
export function useProfileWrite(): OutboxEntry | undefined {
  const entries = useOutbox((e) => e.kind === PROFILE_WRITE);
  return entries[entries.length - 1];
}
