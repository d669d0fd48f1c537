import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { callMethod } from '@/lib/api';
import { frappe, type BootInfo } from '@/lib/frappe';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { sendWrite, useOutbox, useRefusedEntry, type OutboxEntry } from '@/lib/outbox';
import {
  AUTHORIZE_URL,
  CHANGE_PHONE,
  GET_PHONE,
  GET_PROFILE,
  GET_TIER,
  UPDATE_PROFILE,
  VERIFY_OTP,
  type Profile,
  type ProfileInput,
} from '../../../contracts/account';
import { SIGN_UP, type SignUpInput } from '../../../contracts/blog';

export type { BootInfo } from '@/lib/frappe';
export type { OtpAnswer, Profile, ProfileInput, Tier } from '../../../contracts/account';

/** Who is signed in, their profile and tier: the first-paint state, kept in localStorage. */
export const memberKeys = {
  boot: ['boot'] as const,
  profile: ['profile'] as const,
  tiers: ['tier'] as const,
  tier: (customer: string) => ['tier', customer] as const,
  authorizeUrl: (redirectTo: string, next: string) => ['auth', 'authorize-url', redirectTo, next] as const,
};

export const GUEST_BOOT: BootInfo = { user: 'Guest', roles: [], full_name: 'Guest', csrf_token: null, branch: null };

export const isSignedIn = (boot: BootInfo | undefined) => Boolean(boot && boot.user !== 'Guest');
export const isMember = (boot: BootInfo | undefined) => Boolean(boot?.roles.includes('Member'));

/** Who is signed in (and the CSRF token for writes): member_rewards.api.boot, for every area of the app. */
export const bootQuery = () =>
  queryOptions({
    queryKey: memberKeys.boot,
    queryFn: ({ signal }) => frappe.boot({ signal }),
    staleTime: 30_000,
    // Its user says whose data the device holds: 'Guest' wipes what was persisted.
    meta: { persist: 'sync', session: true },
  });

/** The signed-in user's own profile. */
export const profileQuery = () =>
  queryOptions({
    queryKey: memberKeys.profile,
    queryFn: ({ signal }) => callMethod(GET_PROFILE, {}, { signal }),
    staleTime: 30_000,
    meta: { persist: 'sync' },
  });

/** The tier of the profile's customer. */
export const tierQuery = (customer: string) =>
  queryOptions({
    queryKey: memberKeys.tier(customer),
    queryFn: ({ signal }) => callMethod(GET_TIER, { customer }, { verb: 'POST', signal }),
    staleTime: 5 * 60_000,
    meta: { persist: 'sync' },
  });

/**
 * LINE's authorize address, fetched when the login page opens (cache-busted as the original did). Never
 * persisted or shared: each answer binds a fresh state and nonce to this browser's cookie. `next`: the in-app
 * page to land on once signed in (checked by the caller and the server).
 */
export const authorizeUrlQuery = (redirectTo: '/phonverify' | '/signup' = '/phonverify', next?: string) =>
  queryOptions({
    queryKey: memberKeys.authorizeUrl(redirectTo, next ?? ''),
    queryFn: ({ signal }) => callMethod(AUTHORIZE_URL, { redirect_to: redirectTo, next, _: Date.now() }, { signal }),
    staleTime: 5 * 60_000,
    gcTime: 0,
    retry: 1,
  });

/** Refetches who is signed in, the profile and the tier (after sign-in, verification, a profile change). */
export async function refreshUser(queryClient: QueryClient) {
  const boot = await queryClient.fetchQuery({ ...bootQuery(), staleTime: 0 });
  if (isSignedIn(boot)) {
    // Awaited, so a guard that reads the profile right after (phone verified?) sees the new one.
    await queryClient.fetchQuery({ ...profileQuery(), staleTime: 0 });
    await queryClient.invalidateQueries({ queryKey: memberKeys.tiers });
  } else {
    queryClient.removeQueries({ queryKey: memberKeys.profile });
  }
}

// ------------------------------------------------------------------------------------------- phone

export function useRequestCode() {
  return useMutation({ mutationFn: (phone: string) => callMethod(GET_PHONE, { userphone: phone }) });
}

/** Binds the phone to the signed-in member; `onVerified` runs before the user is read again. */
export function useVerifyCode({ onVerified }: { onVerified?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { phone: string; otp: string; username?: string }) =>
      callMethod(
        VERIFY_OTP,
        { userphone: input.phone, otp: input.otp, ...(input.username ? { username: input.username } : {}) },
        { verb: 'POST' },
      ),
    onSuccess: async (answer) => {
      if (answer.status !== 'success') return;
      onVerified?.();
      await refreshUser(queryClient);
    },
  });
}

export function useChangePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { phone: string; otp: string }) => callMethod(CHANGE_PHONE, { userphone: input.phone, otp: input.otp }, { verb: 'POST' }),
    onSuccess: async (answer) => {
      if (answer.status === 'success') await refreshUser(queryClient);
    },
  });
}

// ------------------------------------------------------------------------------------------- profile

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

// ------------------------------------------------------------------------------------------- accounts

/** The marketing site's Register tab: a visitor account, signed in at once. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpInput) => {
      const answer = await callMethod(SIGN_UP, input, { verb: 'POST' });
      frappe.csrf.set(answer.csrf_token);
      return answer;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.boot }),
  });
}
