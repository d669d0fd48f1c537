import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { frappe, isFrappeClientError, type BootInfo } from '@/lib/frappe';
import type { MessageKey, Translate } from '@/lib/i18n';
import { otpAnswerSchema, PHONE_MESSAGES, profileSchema, tierSchema, type OtpAnswer, type Profile, type Tier } from '../../../contracts/account';
import { setPhoneVerifyFlag } from './storage';

export type { BootInfo, OtpAnswer, Profile, Tier };

export const METHODS = {
  authorizeUrl: 'honda_api.api_calls.linetoken.get_oauth2_authorize_url',
  profile: 'headless_e_commerce.api.get_profile',
  tier: 'loyalty_program_customizations.overrides.get_tier',
  requestCode: 'honda_api.api_calls.verifyuser.getphone',
  verifyCode: 'honda_api.api_calls.verifyuser.verifyotp',
  changePhone: 'member_rewards.account.change_phone',
} as const;

/** 'boot' and 'profile' and 'tier' are persisted to localStorage (first-paint tier of src/lib/persistence.ts). */
export const authKeys = {
  boot: ['boot'] as const,
  profile: ['profile'] as const,
  tier: (customer: string) => ['tier', customer] as const,
  authorizeUrl: (redirectTo: string) => ['auth', 'authorize-url', redirectTo] as const,
};

export const GUEST_BOOT: BootInfo = { user: 'Guest', roles: [], full_name: 'Guest', csrf_token: null, branch: null };

/** Who is signed in (and the CSRF token for writes): member_rewards.api.boot. */
export const bootQuery = () =>
  queryOptions({
    queryKey: authKeys.boot,
    queryFn: ({ signal }) => frappe.boot({ signal }),
    staleTime: 30_000,
  });

export const isSignedIn = (boot: BootInfo | undefined) => Boolean(boot && boot.user !== 'Guest');
export const isMember = (boot: BootInfo | undefined) => Boolean(boot?.roles.includes('Member'));

/** The member's own profile, only fetched while signed in. */
export const profileQuery = () =>
  queryOptions({
    queryKey: authKeys.profile,
    queryFn: ({ signal }) => frappe.call(METHODS.profile, {}, { signal, schema: profileSchema }),
    staleTime: 30_000,
  });

/** The tier of the profile's customer (a POST with `customer`, as the original back end takes it). */
export const tierQuery = (customer: string) =>
  queryOptions({
    queryKey: authKeys.tier(customer),
    queryFn: ({ signal }) => frappe.call(METHODS.tier, { customer }, { verb: 'POST', signal, schema: tierSchema }),
    staleTime: 5 * 60_000,
  });

/**
 * LINE's authorize address, fetched when the login page opens (cache-busted as the original did). Never
 * persisted or shared: each answer binds a fresh state and nonce to this browser's cookie.
 */
/** `next`: the in-app page to land on once signed in (checked with isSafeNextPath by the caller and the server). */
export const authorizeUrlQuery = (redirectTo: '/phonverify' | '/signup' = '/phonverify', next?: string) =>
  queryOptions({
    queryKey: [...authKeys.authorizeUrl(redirectTo), next ?? ''] as const,
    queryFn: ({ signal }) =>
      frappe.call(METHODS.authorizeUrl, { redirect_to: redirectTo, next, _: Date.now() }, { signal, schema: v.string() }),
    staleTime: 5 * 60_000,
    gcTime: 0,
    retry: 1,
    meta: { persist: false },
  });

/** Refetches who is signed in, the profile and the tier (after sign-in, verification, a profile change). */
export async function refreshUser(queryClient: QueryClient) {
  const boot = await queryClient.fetchQuery({ ...bootQuery(), staleTime: 0 });
  if (isSignedIn(boot)) {
    // Awaited, so a guard that reads the profile right after (phone verified?) sees the new one.
    await queryClient.fetchQuery({ ...profileQuery(), staleTime: 0 });
    await queryClient.invalidateQueries({ queryKey: ['tier'] });
  } else {
    queryClient.removeQueries({ queryKey: authKeys.profile });
  }
}

/** The phone rules' sentences (shared with the server) in the member's language. */
const PHONE_KEYS: Record<string, MessageKey> = {
  [PHONE_MESSAGES.invalid]: 'auth.phoneInvalid',
  [PHONE_MESSAGES.wrongCode]: 'auth.wrongCode',
  [PHONE_MESSAGES.enterOtp]: 'auth.enterOtp',
};

/**
 * The server's sentence from a failed phone-verification call, shown as returned: the server writes its
 * own in the language on screen; the shared rules' sentences are translated here. Null for none (no answer).
 */
export function serverMessageOf(error: unknown, t: Translate): string | null {
  if (!isFrappeClientError(error)) return null;
  if (error.isNetworkError) return null;
  const message = error.serverMessages[0]?.message;
  if (!message) return null;
  const key = PHONE_KEYS[message];
  return key ? t(key) : message;
}

export function useRequestCode() {
  return useMutation({
    mutationFn: (phone: string) => frappe.call(METHODS.requestCode, { userphone: phone }, { schema: otpAnswerSchema }),
  });
}

export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { phone: string; otp: string; username?: string }) =>
      frappe.call(
        METHODS.verifyCode,
        { userphone: input.phone, otp: input.otp, ...(input.username ? { username: input.username } : {}) },
        { verb: 'POST', schema: otpAnswerSchema },
      ),
    onSuccess: async (answer) => {
      if (answer.status !== 'success') return;
      setPhoneVerifyFlag(false);
      await refreshUser(queryClient);
    },
  });
}

export function useChangePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { phone: string; otp: string }) =>
      frappe.call(METHODS.changePhone, { userphone: input.phone, otp: input.otp }, { verb: 'POST', schema: otpAnswerSchema }),
    onSuccess: async (answer) => {
      if (answer.status === 'success') await refreshUser(queryClient);
    },
  });
}

/** Username + password (staff and admin): the cookie session of Frappe's /api/method/login. */
export function useStaffLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { usr: string; pwd: string }) => frappe.login(input),
    onSuccess: async () => {
      // Lists fetched as a guest must not be shown to the new user.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'boot' });
      await refreshUser(queryClient);
    },
  });
}
