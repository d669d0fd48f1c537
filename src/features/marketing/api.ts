import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { frappe } from '@/lib/frappe';
import {
  BLOG_CATEGORY_FIELDS,
  BLOG_POST_FIELDS,
  BlogCategorySchema,
  BlogPostSchema,
  SIGN_UP_METHOD,
  type SignUpInput,
} from '../../../contracts/blog';

export type { BlogPost, BlogCategory } from '../../../contracts/blog';
export { branchesQuery, type Branch } from '@/entities/branches';

export const marketingKeys = {
  all: ['marketing'] as const,
  session: () => ['marketing', 'session'] as const,
  posts: () => ['marketing', 'posts'] as const,
  post: (name: string) => ['marketing', 'posts', name] as const,
  categories: () => ['marketing', 'categories'] as const,
};

export const sessionQuery = () =>
  queryOptions({ queryKey: marketingKeys.session(), queryFn: ({ signal }) => frappe.boot({ signal }), staleTime: 60_000 });

/** Published posts, newest first (the server shows visitors published posts only). */
export const postsQuery = () =>
  queryOptions({
    queryKey: marketingKeys.posts(),
    queryFn: ({ signal }) =>
      frappe.getList('Blog Post', { fields: BLOG_POST_FIELDS, filters: [['published', '=', true]], orderBy: 'published_on desc', limit: 50 }, { signal, schema: v.array(BlogPostSchema) }),
  });

export const postQuery = (name: string) =>
  queryOptions({ queryKey: marketingKeys.post(name), queryFn: ({ signal }) => frappe.getDoc('Blog Post', name, { signal, schema: BlogPostSchema }) });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: marketingKeys.categories(),
    queryFn: ({ signal }) => frappe.getList('Blog Category', { fields: BLOG_CATEGORY_FIELDS, limit: 0 }, { signal, schema: v.array(BlogCategorySchema) }),
    staleTime: 10 * 60_000,
  });

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { usr: string; pwd: string }) => frappe.login(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketingKeys.session() }),
  });
}

const SignUpAnswer = v.looseObject({ user: v.string(), full_name: v.string(), csrf_token: v.nullable(v.string()) });

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpInput) => {
      const answer = await frappe.call(SIGN_UP_METHOD, input, { verb: 'POST', schema: SignUpAnswer });
      frappe.csrf.set(answer.csrf_token);
      return answer;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketingKeys.session() }),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => frappe.logout(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketingKeys.session() }),
  });
}

/** A short plain-text teaser of a post's HTML for cards. */
export function excerpt(html: string | null | undefined, max = 140): string {
  const text = (html ?? '').replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}
