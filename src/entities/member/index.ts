import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { loyaltyKeys } from '@/entities/loyalty';
import { callMethod } from '@/lib/api';
import { frappe, type BootInfo } from '@/lib/frappe';
import { AUTHORIZE_URL, GET_PROFILE, GET_TIER } from '../../../contracts/account';

export type { BootInfo } from '@/lib/frappe';
export type { Profile, Tier } from '../../../contracts/account';

/*
 * Who is signed in, their profile and tier: the first-paint state, kept in localStorage. What only some screens
 * need is apart, so the first screen does not load it: ./profile (the profile write), ./phone, ./password,
 * ./sign-up, ./member-code and ./liff (the sign-in inside LINE).
 */


export const memberKeys = {
  boot: ['boot'] as const,
  profile: ['profile'] as const,
  // Under the points' key: whatever refreshes the points (an order, a cancellation, an award at the till, a live
  // update) refreshes the tier with them.
  tiers: [...loyaltyKeys.points, 'tier'] as const,
  tier: (customer: string) => [...loyaltyKeys.points, 'tier', customer] as const,
  authorizeUrl: (redirectTo: string, next: string, privacyVersion?: number) => ['auth', 'authorize-url', redirectTo, next, privacyVersion ?? null] as const,
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

/**
 * The tier of the profile's customer: the one answer every screen that shows the tier reads (the home's card, the
 * account, the member card, the profile), so no two of them can disagree. Such a screen also reads it again each
 * time it opens (useCurrentUser({ showsTier })): it moves with what the app is not told of, points given at the
 * till while the code was on screen, a threshold a manager changed.
 */
export const tierQuery = (customer: string) =>
  queryOptions({
    queryKey: memberKeys.tier(customer),
    queryFn: ({ signal }) => callMethod(GET_TIER, { customer }, { signal }),
    staleTime: 30 * 1000,
    meta: { persist: 'sync' },
  });

/**
 * LINE's authorize address, fetched when the login page opens (cache-busted as the original did). Never
 * persisted or shared: each answer binds a fresh state and nonce to this browser's cookie. `next`: the in-app
 * page to land on once signed in (checked by the caller and the server). `privacyVersion`: the privacy notice the
 * modal showed, recorded as the member's consent when the sign-in completes.
 */
export const authorizeUrlQuery = (redirectTo: '/phonverify' | '/signup' = '/phonverify', next?: string, privacyVersion?: number) =>
  queryOptions({
    queryKey: memberKeys.authorizeUrl(redirectTo, next ?? '', privacyVersion),
    queryFn: ({ signal }) =>
      callMethod(AUTHORIZE_URL, { redirect_to: redirectTo, next, ...(privacyVersion !== undefined ? { privacy_version: privacyVersion } : {}), _: Date.now() }, { signal }),
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
