import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { frappe } from '@/lib/frappe';
import { discardEntry, getOutbox } from '@/lib/outbox';
import { idbBackend, SYNC_STORAGE_KEY } from '@/lib/persistence';
import { authKeys, GUEST_BOOT } from './api';
import { clearAuthStorage } from './storage';

/**
 * Sign-out: ends the session on the server, then clears the user, every cached answer on this
 * device (memory, localStorage, IndexedDB), session storage and writes still queued for this account, and
 * goes to /login. Local clean-up happens even when the server cannot be reached.
 */
export async function signOut(queryClient: ReturnType<typeof useQueryClient>) {
  try {
    await frappe.logout();
  } catch {
    // Offline or already signed out: the device is cleared all the same.
  }
  frappe.setTokenAuth(null);
  frappe.csrf.set(null);
  await Promise.all(getOutbox().map((e) => discardEntry(e.id).catch(() => {})));
  queryClient.clear();
  // A Guest boot in the cache: the guard knows at once, and the persister wipes both tiers.
  queryClient.setQueryData(authKeys.boot, GUEST_BOOT);
  try {
    window.localStorage.removeItem(SYNC_STORAGE_KEY);
  } catch {
    // blocked storage
  }
  await idbBackend.clear().catch(() => {});
  clearAuthStorage();
}

export function useLogout(beforeSignOut?: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: ['auth', 'logout'],
    mutationFn: async () => {
      await beforeSignOut?.().catch(() => undefined);
      await signOut(queryClient);
    },
    onSettled: () => navigate({ to: '/login', replace: true }),
  });
}
