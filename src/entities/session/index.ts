import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { memberKeys, GUEST_BOOT, refreshUser } from '@/entities/member';
import { clearAuthStorage } from '@/lib/auth-storage';
import { frappe } from '@/lib/frappe';
import { idbBackend, SYNC_STORAGE_KEY } from '@/lib/persistence';

/*
 * The one session of the app, whoever holds it: a member (LINE, LIFF or a phone code), the till's staff or a
 * back-office manager. Every place signs in and out through here, so every place leaves the device equally clean.
 */

export { resumeTokenSession } from './resume';

/** Who is signed in and their roles: the frames' guards and screens read this one query. */
export { bootQuery as sessionQuery, GUEST_BOOT, isSignedIn, type BootInfo } from '@/entities/member';

export interface Credentials {
  usr: string;
  pwd: string;
}

/**
 * After any sign-in (password, LINE's token, LIFF or a phone code): answers fetched as the previous visitor must not
 * be shown to the new user, then who signed in is read again. The sign-in succeeded when it answered: a refused or
 * lost read here is never reported as a failed sign-in.
 */
export async function afterSignIn(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== memberKeys.boot[0] });
  await refreshUser(queryClient).catch(() => undefined);
}

/** Username (or e-mail) and password: the cookie session of Frappe's /api/method/login. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Credentials) => frappe.login(input),
    onSuccess: () => afterSignIn(queryClient),
  });
}

/**
 * Sign-out: ends the session on the server, then clears on this device the token, every cached answer (memory,
 * localStorage, IndexedDB), session storage and the writes still queued for this account, and closes the live-list
 * connection that was opened as this user. The device is cleared
 * even when the server cannot be reached.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  // The outbox and the live-list socket are imported here, not at the top: this module is in every page's first
  // download (the guards resume a token session through it), and they are not. The app loads the outbox at start
  // and a screen opens the socket, so both are loaded when there is anything of theirs to clear: these imports
  // then resolve from memory, offline too; one that cannot load had nothing to clear, and the rest goes on.
  const live = import('@/lib/realtime').catch(() => undefined);
  const queued = import('@/lib/outbox').catch(() => undefined);
  try {
    await frappe.logout();
  } catch {
    // Offline or already signed out: the device is cleared all the same.
  }
  frappe.setTokenAuth(null);
  frappe.csrf.set(null);
  (await live)?.closeRealtime();
  const outbox = await queued;
  await Promise.all((outbox?.getOutbox() ?? []).map((e) => outbox?.discardEntry(e.id).catch(() => {})));
  queryClient.clear();
  // A Guest boot in the cache: every guard knows at once, and the persister wipes both tiers.
  queryClient.setQueryData(memberKeys.boot, GUEST_BOOT);
  try {
    window.localStorage.removeItem(SYNC_STORAGE_KEY);
  } catch {
    // blocked storage
  }
  await idbBackend.clear().catch(() => {});
  clearAuthStorage();
}

/**
 * The sign-out every place uses. `beforeSignOut` runs first, while still signed in (the member's device stops
 * receiving notifications); `onSettled`, where the place goes next, runs even when the server was unreachable and
 * even when the screen that asked has gone meanwhile.
 */
export function useSignOut(options: { beforeSignOut?: () => Promise<unknown>; onSettled?: () => unknown } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'logout'],
    mutationFn: async () => {
      await options.beforeSignOut?.().catch(() => undefined);
      await signOut(queryClient);
    },
    onSettled: options.onSettled,
  });
}
