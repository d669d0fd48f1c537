import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/entities/admin';
import { blogKeys } from '@/entities/blog';
import { memberKeys } from '@/entities/member';
import { frappe } from '@/lib/frappe';

/**
 * Signing in or out changes what every back-office list may hold (a guest's prefetched blog list has published
 * posts only), so they are all fetched again as the new user.
 */
function useSessionChange<T>(change: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.boot }),
        queryClient.invalidateQueries({ queryKey: blogKeys.all }),
        queryClient.removeQueries({ queryKey: adminKeys.all }),
      ]),
  });
}

export const useBackOfficeSignIn = () => useSessionChange((input: { usr: string; pwd: string }) => frappe.login(input));
export const useBackOfficeSignOut = () => useSessionChange(() => frappe.logout());
