import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberKeys } from '@/entities/member';
import { frappe } from '@/lib/frappe';

export { categoriesQuery, postQuery, publishedPostsQuery as postsQuery, type BlogCategory, type BlogPost } from '@/entities/blog';
export { branchesQuery, type Branch } from '@/entities/branches';
export { bootQuery as sessionQuery } from '@/entities/member';
export { useSignUp } from '@/entities/member/sign-up';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { usr: string; pwd: string }) => frappe.login(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.boot }),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => frappe.logout(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.boot }),
  });
}

/** A short plain-text teaser of a post's HTML for cards. */
export function excerpt(html: string | null | undefined, max = 140): string {
  const text = (html ?? '').replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}
