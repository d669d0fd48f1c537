import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { frappe } from '@/lib/frappe';
import { isOnline } from '@/lib/online';
import { authKeys, bootQuery, GUEST_BOOT, isMember, isSignedIn, profileQuery, type BootInfo, type Profile } from './api';
import { getPhoneVerifyFlag, getToken, isSystemUserCookie, setPhoneVerifyFlag, setToken, setUsername } from './storage';
import { isSafeNextPath } from '../../../contracts/next-path';

/**
 * Who may open which screen (spec §1, §6), and the app-load state machine of spec §4.
 *   - guests: /welcome, /login, /signup, /phonverify, the staff sign-in and its password reset, the marketing pages;
 *   - staff and admin areas keep their own gates (they show their own sign-in and check roles), and so does /liff
 *     (the card opened inside LINE signs the member in itself);
 *   - every other screen is for signed-in users; a signed-in visitor on /login or /welcome goes to /;
 *   - a member whose phone is not verified yet (stored phoneverify flag) goes to /phonverify.
 */
const GUEST_PATHS = new Set(['/welcome', '/login', '/signup', '/phonverify', '/staff-login', '/forgot-password', '/update-password']);
const MARKETING_PATHS = new Set(['/bakery', '/blog', '/branch', '/laveena-about-us', '/blog-detail', '/product', '/product-detail', '/privacy-policy']);
const OWN_GATE = /^\/(blog-admin|blog-categories|blog-add|blog-view|blog-edit|app|staff|liff)(\/|$)/;

export type PathKind = 'guest' | 'marketing' | 'gated' | 'member';

export function classifyPath(pathname: string): PathKind {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (GUEST_PATHS.has(path)) return 'guest';
  if (MARKETING_PATHS.has(path)) return 'marketing';
  if (OWN_GATE.test(path)) return 'gated';
  return 'member';
}

/** Where a signed-in user lands by default: staff and admins have their own areas. */
export function homeFor(roles: readonly string[]): string {
  if (roles.includes('Member')) return '/';
  if (roles.includes('Store Staff')) return '/staff';
  if (roles.includes('System Manager') || roles.includes('Blog Manager')) return '/blog-admin';
  return '/';
}

// ---------------------------------------------------------------------------------------------------------------
// App load (spec §4): runs once, before the first render.

export type AppLoadOutcome = 'reloading' | 'continue';

/**
 * `?token=` hand-off from a remote Frappe site's LINE callback: the username is stored; phoneverify=true sends
 * the user to phone verification (the flag is stored), otherwise to login; when the user is not a system user
 * the token is stored and the page reloads (to an address without the credential). Our own server never
 * puts a token in a URL: its sessions are HttpOnly cookies.
 */
export function runAppLoad(win: Pick<Window, 'location'> | undefined = typeof window !== 'undefined' ? window : undefined): AppLoadOutcome {
  if (win) {
    const url = new URL(win.location.href);
    const token = url.searchParams.get('token');
    if (token) {
      const username = url.searchParams.get('username');
      if (username) setUsername(username);
      const phoneverify = url.searchParams.get('phoneverify') === 'true';
      if (phoneverify) setPhoneVerifyFlag(true);
      if (!isSystemUserCookie()) setToken(token);
      win.location.replace(phoneverify ? '/phonverify' : '/login');
      return 'reloading';
    }
  }
  const stored = getToken();
  if (stored) frappe.setTokenAuth({ type: 'token', token: getToken });
  return 'continue';
}

// ---------------------------------------------------------------------------------------------------------------

async function currentBoot(queryClient: QueryClient): Promise<BootInfo> {
  // Offline with nothing saved: nobody is known to be signed in and nobody can be asked. Waiting would hold the
  // first screen until the connection returns (the query is paused offline); the sign-in screen is shown instead.
  if (!isOnline() && !queryClient.getQueryData<BootInfo>(authKeys.boot)) return GUEST_BOOT;
  try {
    // The persisted answer paints at once; a stale one is checked again in the background.
    return await queryClient.ensureQueryData({ ...bootQuery(), revalidateIfStale: true });
  } catch {
    // Offline with nothing saved: nobody is known to be signed in.
    return queryClient.getQueryData<BootInfo>(authKeys.boot) ?? GUEST_BOOT;
  }
}

/** Whether the member still has to verify a phone: the profile when we have it, else the stored flag. */
export function needsPhoneVerification(queryClient: QueryClient, boot: BootInfo): boolean {
  if (!isMember(boot)) return false;
  const profile = queryClient.getQueryData<Profile>(authKeys.profile);
  if (profile && profile.user && profile.user !== boot.user) return getPhoneVerifyFlag();
  if (profile?.phone_verified !== undefined) return !profile.phone_verified;
  return getPhoneVerifyFlag();
}

/**
 * The page a member opened, kept through sign-in and phone verification: none for the home (the default) and the
 * onboarding screens themselves.
 */
function askedFor(location: ParsedLocation): string | undefined {
  const href = `${location.pathname}${location.searchStr}`;
  if (location.pathname === '/' || location.pathname.replace(/\/+$/, '') === '/fill-info') return undefined;
  return isSafeNextPath(href) ? href : undefined;
}

/** The page to go on to, from a `?next=` of /login, /phonverify or /fill-info, when it is a page of this app. */
export function nextFrom(search: unknown): string | undefined {
  const next = (search as { next?: unknown } | null)?.next;
  return isSafeNextPath(next) ? next : undefined;
}

/** The root route's beforeLoad: redirects, and the profile refetch on every location change while signed in. */
export async function authGuard({
  context,
  location,
  preload,
}: {
  context: { queryClient: QueryClient };
  location: ParsedLocation;
  preload?: boolean;
}): Promise<void> {
  const queryClient = context.queryClient;
  const kind = classifyPath(location.pathname);
  const boot = await currentBoot(queryClient);
  if (!isSignedIn(boot)) {
    if (kind === 'member') throw redirect({ to: '/login', search: { next: askedFor(location) }, replace: true });
    return;
  }
  // Spec §4: the profile is fetched again on every location change while signed in (in the background).
  const refetchProfile = () => {
    if (!preload) void queryClient.prefetchQuery({ ...profileQuery(), staleTime: 0 });
  };
  const path = location.pathname.replace(/(.)\/+$/, '$1');
  if (path === '/login' || path === '/welcome') {
    const next = path === '/login' && isMember(boot) ? nextFrom(location.search) : undefined;
    throw redirect({ href: next ?? homeFor(boot.roles), replace: true });
  }
  if (path === '/staff-login' && !isMember(boot)) throw redirect({ href: homeFor(boot.roles), replace: true });
  if (!isMember(boot)) {
    refetchProfile();
    return;
  }
  let unverified = needsPhoneVerification(queryClient, boot);
  // With no profile saved yet (a new member's first screens: the profile may not have been written to storage
  // before a reload) nothing says whether the phone is verified, so ask before letting them in; and a saved
  // profile may be old (verified on another device): ask before sending them back. Offline, what is saved decides.
  const profileUnknown = queryClient.getQueryData(authKeys.profile) === undefined && isOnline();
  if ((unverified || profileUnknown) && kind === 'member' && !preload) {
    try {
      await queryClient.fetchQuery({ ...profileQuery(), staleTime: 0, retry: false });
      unverified = needsPhoneVerification(queryClient, boot);
    } catch {
      // No answer: the saved answer decides.
    }
  } else {
    refetchProfile();
  }
  if (unverified && kind === 'member') throw redirect({ to: '/phonverify', search: { next: askedFor(location) }, replace: true });
  if (!unverified && (path === '/phonverify' || path === '/signup') && queryClient.getQueryData(authKeys.profile)) {
    throw redirect({ href: nextFrom(location.search) ?? '/', replace: true });
  }
}
