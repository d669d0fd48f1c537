import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { isOnline } from '@/lib/online';
import { authKeys, bootQuery, GUEST_BOOT, isMember, isSignedIn, profileQuery, type BootInfo, type Profile } from './api';
import { resumeTokenSession } from '@/entities/session/resume';
import { getPhoneVerifyFlag, isSystemUserCookie, setPhoneVerifyFlag, setToken, setUsername } from '@/lib/auth-storage';
import { isSafeNextPath } from '../../../contracts/next-path';

/*
 * Who may open a screen is decided by the layout route it sits under (src/routes/_guest.tsx, _member.tsx,
 * _staff.tsx, _admin.tsx, _marketing.tsx), never by a list of paths: the guards below are those layouts'
 * beforeLoad, and the few rules of single guest screens (leaveSignIn…) are their own beforeLoad.
 */

/**
 * Where a signed-in user lands by default: where their work is. The back office's roles open /admin (its first
 * screen the role may see), the till's staff /staff, a blog editor the blog screens. The role names are written
 * here rather than imported: the back office's contracts must stay out of the member's first download.
 */
const BACK_OFFICE = ['System Manager', 'Loyalty Manager', 'Branch Manager'];
export function homeFor(roles: readonly string[]): string {
  if (roles.includes('Member')) return '/';
  if (roles.some((r) => BACK_OFFICE.includes(r))) return '/admin';
  if (roles.includes('Store Staff')) return '/staff';
  if (roles.includes('Blog Manager')) return '/blog-admin';
  return '/';
}

// ---------------------------------------------------------------------------------------------------------------
// App load: runs once, before the first render.

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
  resumeTokenSession();
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

interface GuardArgs {
  context: { queryClient: QueryClient };
  location: ParsedLocation;
  preload?: boolean;
}

/** The profile is fetched again, in the background, on every location change while signed in (never on hover preloads). */
function refetchProfile(queryClient: QueryClient, preload: boolean | undefined) {
  if (!preload) void queryClient.prefetchQuery({ ...profileQuery(), staleTime: 0 });
}

/**
 * The beforeLoad of a layout anyone may open (_guest, _marketing, _staff, _admin): who is visiting, for the
 * screens' own rules (context.visitor). Staff and admin screens check roles themselves and show their own sign-in.
 */
export async function visitorGuard({ context, preload }: Pick<GuardArgs, 'context' | 'preload'>): Promise<{ visitor: BootInfo }> {
  const visitor = await currentBoot(context.queryClient);
  if (isSignedIn(visitor)) refetchProfile(context.queryClient, preload);
  return { visitor };
}

/**
 * The beforeLoad of _member: a guest signs in first and comes back to the page asked for (/login?next=…); a member
 * whose phone is not verified yet verifies it first (/phonverify?next=…). Staff and admins may look.
 */
export async function memberGuard({ context, location, preload }: GuardArgs): Promise<{ visitor: BootInfo }> {
  const queryClient = context.queryClient;
  const visitor = await currentBoot(queryClient);
  if (!isSignedIn(visitor)) throw redirect({ to: '/login', search: { next: askedFor(location) }, replace: true });
  if (!isMember(visitor)) {
    refetchProfile(queryClient, preload);
    return { visitor };
  }
  let unverified = needsPhoneVerification(queryClient, visitor);
  // With no profile saved yet (a new member's first screens: the profile may not have been written to storage
  // before a reload) nothing says whether the phone is verified, so ask before letting them in; and a saved
  // profile may be old (verified on another device): ask before sending them back. Offline, what is saved decides.
  const profileUnknown = queryClient.getQueryData(authKeys.profile) === undefined && isOnline();
  if ((unverified || profileUnknown) && !preload) {
    try {
      await queryClient.fetchQuery({ ...profileQuery(), staleTime: 0, retry: false });
      unverified = needsPhoneVerification(queryClient, visitor);
    } catch {
      // No answer: the saved answer decides.
    }
  } else {
    refetchProfile(queryClient, preload);
  }
  if (unverified) throw redirect({ to: '/phonverify', search: { next: askedFor(location) }, replace: true });
  return { visitor };
}

/** /login and /welcome: a signed-in visitor goes on to their home (a member signing in: to `next`, the page asked for). */
export function leaveSignIn(visitor: BootInfo, next?: string): void {
  if (!isSignedIn(visitor)) return;
  throw redirect({ href: (isMember(visitor) ? next : undefined) ?? homeFor(visitor.roles), replace: true });
}

/** The staff sign-in: signed-in staff and admins go to their area; a member may still sign in there as staff. */
export function leaveStaffSignIn(visitor: BootInfo): void {
  if (isSignedIn(visitor) && !isMember(visitor)) throw redirect({ href: homeFor(visitor.roles), replace: true });
}

/** /phonverify and /signup: a member whose phone is verified goes on to `next` (home by default). */
export function leaveVerification(queryClient: QueryClient, visitor: BootInfo, next?: string): void {
  if (!isMember(visitor) || needsPhoneVerification(queryClient, visitor) || !queryClient.getQueryData(authKeys.profile)) return;
  throw redirect({ href: next ?? '/', replace: true });
}
