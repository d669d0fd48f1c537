import { useQuery } from '@tanstack/react-query';
import type { BootInfo, Profile, Tier } from './api';
import { bootQuery, isMember, isSignedIn, profileQuery, tierQuery } from './api';

/**
 * The signed-in user as the screens use it: who is signed in (boot), merged with the profile
 * (get_profile), plus `tier` from get_tier once the profile is known. `name` is the Customer id, `user` the
 * User id.
 */
export type CurrentUser = Profile & {
  user: string;
  roles: string[];
  tier: Tier | null;
};

export function mergeUser(boot: BootInfo, profile: Profile | undefined, tier: Tier | undefined): CurrentUser | null {
  if (!isSignedIn(boot) || !profile) return null;
  return { ...profile, user: boot.user, roles: boot.roles, tier: tier ?? null };
}

export interface SessionState {
  /** Null while signed out or while the profile loads. */
  user: CurrentUser | null;
  boot: BootInfo | undefined;
  isSignedIn: boolean;
  isMember: boolean;
  /** True until we know whether anyone is signed in. */
  isPending: boolean;
}

/**
 * The session hook: boot, then the profile (only when signed in), then the tier (only with a customer). A screen
 * that shows the tier passes `showsTier`: the tier is then read again whenever it opens, over the device's copy.
 */
export function useCurrentUser({ showsTier = false }: { showsTier?: boolean } = {}): SessionState {
  const boot = useQuery(bootQuery());
  const signedIn = isSignedIn(boot.data);
  const profile = useQuery({ ...profileQuery(), enabled: signedIn });
  const customer = profile.data?.loyalty_program ? profile.data.name : null;
  const tier = useQuery({ ...tierQuery(customer ?? ''), enabled: signedIn && Boolean(customer), ...(showsTier ? { refetchOnMount: 'always' as const } : {}) });
  return {
    user: boot.data ? mergeUser(boot.data, profile.data, tier.data) : null,
    boot: boot.data,
    isSignedIn: signedIn,
    isMember: isMember(boot.data),
    isPending: boot.isPending,
  };
}
