import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blogKeys, isBlogAdmin } from '@/entities/blog';
import { memberKeys } from '@/entities/member';
import { frappe } from '@/lib/frappe';

// The routes' loaders prefetch these.
export { allPostsQuery as postsQuery, categoriesQuery, postQuery } from '@/entities/blog';
export { bootQuery as sessionQuery } from '@/entities/member';

export function useAdminSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { usr: string; pwd: string }) => frappe.login(input),
    // Lists prefetched as a guest hold published posts only: fetch everything again as the admin.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: memberKeys.boot }), queryClient.invalidateQueries({ queryKey: blogKeys.all })]),
  });
}

export function useAdminSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => frappe.logout(),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: memberKeys.boot }), queryClient.invalidateQueries({ queryKey: blogKeys.all })]),
  });
}

export const canAdmin = (roles: readonly string[] | undefined) => isBlogAdmin(roles ?? []);

