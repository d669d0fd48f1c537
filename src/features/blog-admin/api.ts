import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { frappe, type UploadProgress } from '@/lib/frappe';
import {
  BLOG_CATEGORY_FIELDS,
  BLOG_POST_FIELDS,
  BlogCategorySchema,
  BlogPostSchema,
  isBlogAdmin,
  type BlogCategory,
  type BlogPost,
} from '../../../contracts/blog';

export type { BlogCategory, BlogPost } from '../../../contracts/blog';
export { isBlogAdmin } from '../../../contracts/blog';

export const POST = 'Blog Post';
export const CATEGORY = 'Blog Category';

export const blogAdminKeys = {
  all: ['blog-admin'] as const,
  session: () => ['blog-admin', 'session'] as const,
  posts: () => ['blog-admin', 'posts'] as const,
  post: (name: string) => ['blog-admin', 'posts', name] as const,
  categories: () => ['blog-admin', 'categories'] as const,
  count: (doctype: string) => ['blog-admin', 'count', doctype] as const,
};

/** Who is signed in (and the CSRF token for writes after a reload). */
export const sessionQuery = () =>
  queryOptions({
    queryKey: blogAdminKeys.session(),
    queryFn: ({ signal }) => frappe.boot({ signal }),
    staleTime: 30_000,
  });

export const postsQuery = () =>
  queryOptions({
    queryKey: blogAdminKeys.posts(),
    queryFn: ({ signal }) =>
      frappe.getList(POST, { fields: BLOG_POST_FIELDS, orderBy: 'creation desc', limit: 0 }, { signal, schema: v.array(BlogPostSchema) }),
  });

export const postQuery = (name: string) =>
  queryOptions({
    queryKey: blogAdminKeys.post(name),
    queryFn: ({ signal }) => frappe.getDoc(POST, name, { signal, schema: BlogPostSchema }),
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: blogAdminKeys.categories(),
    queryFn: ({ signal }) =>
      frappe.getList(CATEGORY, { fields: BLOG_CATEGORY_FIELDS, orderBy: 'creation asc', limit: 0 }, { signal, schema: v.array(BlogCategorySchema) }),
  });

export const countQuery = (doctype: string) =>
  queryOptions({
    queryKey: blogAdminKeys.count(doctype),
    queryFn: ({ signal }) => frappe.getCount(doctype, [], { signal }),
  });

/** After a change (ours or another admin's): the lists and counts of that doctype refetch. */
export function invalidateDoctype(queryClient: QueryClient, doctype: string) {
  const list = doctype === POST ? blogAdminKeys.posts() : blogAdminKeys.categories();
  void queryClient.invalidateQueries({ queryKey: list });
  void queryClient.invalidateQueries({ queryKey: blogAdminKeys.count(doctype) });
}

export interface CategoryInput {
  title: string;
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CategoryInput) => frappe.createDoc(CATEGORY, { title: input.title.trim() }, { schema: BlogCategorySchema }),
    onSuccess: (doc) => {
      queryClient.setQueryData<BlogCategory[]>(blogAdminKeys.categories(), (old) => (old && !old.some((c) => c.name === doc.name) ? [...old, doc] : old));
      invalidateDoctype(queryClient, CATEGORY);
    },
  });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, title }: CategoryInput & { name: string }) => frappe.updateDoc(CATEGORY, name, { title: title.trim() }, { schema: BlogCategorySchema }),
    onSuccess: () => invalidateDoctype(queryClient, CATEGORY),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => frappe.deleteDoc(CATEGORY, name),
    onSuccess: (_ok, name) => {
      queryClient.setQueryData<BlogCategory[]>(blogAdminKeys.categories(), (old) => old?.filter((c) => c.name !== name));
      invalidateDoctype(queryClient, CATEGORY);
    },
  });
}

export interface PostInput {
  title: string;
  content: string;
  published_on: string;
  blog_category: string;
  meta_image: string | null;
  published?: boolean;
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PostInput) => frappe.createDoc(POST, { ...input }, { schema: BlogPostSchema }),
    onSuccess: () => invalidateDoctype(queryClient, POST),
  });
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, ...input }: PostInput & { name: string }) => frappe.updateDoc(POST, name, { ...input }, { schema: BlogPostSchema }),
    // The answer carries the stored HTML only; the typed source is what was just sent.
    onSuccess: (doc, input) => {
      queryClient.setQueryData(blogAdminKeys.post(doc.name), { ...doc, content_source: input.content });
      invalidateDoctype(queryClient, POST);
    },
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => frappe.deleteDoc(POST, name),
    onSuccess: (_ok, name) => {
      queryClient.removeQueries({ queryKey: blogAdminKeys.post(name), exact: true });
      queryClient.setQueryData<BlogPost[]>(blogAdminKeys.posts(), (old) => old?.filter((p) => p.name !== name));
      invalidateDoctype(queryClient, POST);
    },
  });
}

const UploadedSchema = v.looseObject({ file_url: v.string() });

/** Uploads the post image as a public file; reports progress 0-100. */
export function uploadPostImage(file: File, onProgress: (p: UploadProgress) => void, signal?: AbortSignal) {
  return frappe.uploadFile(file, { isPrivate: false, doctype: POST, fieldname: 'meta_image', folder: 'Home' }, { onProgress, signal, schema: UploadedSchema });
}

export function useAdminSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { usr: string; pwd: string }) => frappe.login(input),
    // Lists prefetched as a guest hold published posts only: fetch everything again as the admin.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.all }),
  });
}

export function useAdminSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => frappe.logout(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.all }),
  });
}

export const canAdmin = (roles: readonly string[] | undefined) => isBlogAdmin(roles ?? []);

export type { UploadProgress };
export type PostRow = BlogPost;
