import { useMutation } from '@tanstack/react-query';
import * as v from 'valibot';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { sendWrite, useOutbox, useRefusedEntry, type OutboxEntry } from '@/lib/outbox';
import type { Profile } from '../../../contracts/account';
import { UPDATE_PROFILE, type ProfileInput } from '../../../contracts/profile';
import { memberKeys } from './index';

export const PROFILE_WRITE = 'profile.update';

export type ProfileSaveOutcome = { queued: false; profile: Profile } | { queued: true };

/**
 * update_profile, through the offline outbox: online it is sent at once with its Idempotency-Key and a refusal
 * comes back to the form; offline (or with no answer) it waits, 'waiting to sync', and is replayed with the same
 * key when the connection returns (closing the app loses nothing).
 */
export function useUpdateProfile() {
  return useMutation({
    mutationKey: ['profile', 'update'],
    networkMode: 'always',
    mutationFn: async (args: ProfileInput & { first_name: string; last_name: string }): Promise<ProfileSaveOutcome> => {
      const sent = await sendWrite({
        id: newIdempotencyKey(),
        method: UPDATE_PROFILE.path,
        args,
        label: `${args.first_name} ${args.last_name}`,
        kind: PROFILE_WRITE,
        invalidate: [memberKeys.profile, memberKeys.boot],
      });
      if (sent.queued) return { queued: true };
      return { queued: false, profile: v.parse(UPDATE_PROFILE.returns, sent.result) };
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
