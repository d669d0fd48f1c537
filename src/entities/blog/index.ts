import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { countOf, createDocOf, deleteDocOf, getDocOf, getListOf, updateDocOf, uploadFileAs } from '@/lib/api';
import type { UploadProgress } from '@/lib/frappe';
import { BLOG_CATEGORY, BLOG_CATEGORY_FIELDS, BLOG_POST, BLOG_POST_FIELDS, type BlogCategory, type BlogPost } from '../../../contracts/blog';
import { FileDocSchema } from '../../../contracts/frappe';

export type { BlogCategory, BlogPost } from '../../../contracts/blog';
export { BLOG_CATEGORY, BLOG_POST, isBlogAdmin } from '../../../contracts/blog';

/** The blog: what the marketing site shows (published posts) and what its writers manage. */
export const blogKeys = {
  all: ['blog'] as const,
  posts: () => ['blog', 'posts'] as const,
  published: () => ['blog', 'posts', 'published'] as const,
  every: () => ['blog', 'posts', 'all'] as const,
  post: (name: string) => ['blog', 'post', name] as const,
  categories: () => ['blog', 'categories'] as const,
  count: (doctype: string) => ['blog', 'count', doctype] as const,
};

/** Published posts, newest first (visitors are only ever sent published ones). */
export const publishedPostsQuery = () =>
  queryOptions({
    queryKey: blogKeys.published(),
    queryFn: ({ signal }) =>
      getListOf(BLOG_POST, { fields: BLOG_POST_FIELDS, filters: [['published', '=', true]], orderBy: 'published_on desc', limit: 50 }, { signal }),
  });

/** Every post a writer may manage, newest first. */
export const allPostsQuery = () =>
  queryOptions({
    queryKey: blogKeys.every(),
    queryFn: ({ signal }) => getListOf(BLOG_POST, { fields: BLOG_POST_FIELDS, orderBy: 'creation desc', limit: 0 }, { signal }),
  });

/** One post (a writer's read also carries `content_source`, the content as typed). */
export const postQuery = (name: string) =>
  queryOptions({
    queryKey: blogKeys.post(name),
    queryFn: ({ signal }) => getDocOf(BLOG_POST, name, { signal }),
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: blogKeys.categories(),
    queryFn: ({ signal }) => getListOf(BLOG_CATEGORY, { fields: BLOG_CATEGORY_FIELDS, orderBy: 'creation asc', limit: 0 }, { signal }),
  });

export const countQuery = (doctype: string) =>
  queryOptions({
    queryKey: blogKeys.count(doctype),
    queryFn: ({ signal }) => countOf(doctype === BLOG_POST.doctype ? BLOG_POST : BLOG_CATEGORY, { signal }),
  });

/** After a change (ours or another writer's): the lists and counts of that doctype refetch. */
export function invalidateDoctype(queryClient: QueryClient, doctype: string) {
  void queryClient.invalidateQueries({ queryKey: doctype === BLOG_POST.doctype ? blogKeys.posts() : blogKeys.categories() });
  void queryClient.invalidateQueries({ queryKey: blogKeys.count(doctype) });
}

export interface CategoryInput {
  title: string;
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CategoryInput) => createDocOf(BLOG_CATEGORY, { title: input.title.trim() }),
    onSuccess: (doc) => {
      queryClient.setQueryData<BlogCategory[]>(blogKeys.categories(), (old) => (old && !old.some((c) => c.name === doc.name) ? [...old, doc] : old));
      invalidateDoctype(queryClient, BLOG_CATEGORY.doctype);
    },
  });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, title }: CategoryInput & { name: string }) => updateDocOf(BLOG_CATEGORY, name, { title: title.trim() }),
    onSuccess: () => invalidateDoctype(queryClient, BLOG_CATEGORY.doctype),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => deleteDocOf(BLOG_CATEGORY, name),
    onSuccess: (_ok, name) => {
      queryClient.setQueryData<BlogCategory[]>(blogKeys.categories(), (old) => old?.filter((c) => c.name !== name));
      invalidateDoctype(queryClient, BLOG_CATEGORY.doctype);
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
    mutationFn: (input: PostInput) => createDocOf(BLOG_POST, { ...input }),
    onSuccess: () => invalidateDoctype(queryClient, BLOG_POST.doctype),
  });
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, ...input }: PostInput & { name: string }) => updateDocOf(BLOG_POST, name, { ...input }),
    // The answer carries the stored HTML only; the typed source is what was just sent.
    onSuccess: (doc, input) => {
      queryClient.setQueryData(blogKeys.post(doc.name), { ...doc, content_source: input.content });
      invalidateDoctype(queryClient, BLOG_POST.doctype);
    },
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => deleteDocOf(BLOG_POST, name),
    onSuccess: (_ok, name) => {
      queryClient.removeQueries({ queryKey: blogKeys.post(name), exact: true });
      queryClient.setQueryData<BlogPost[]>(blogKeys.every(), (old) => old?.filter((p) => p.name !== name));
      invalidateDoctype(queryClient, BLOG_POST.doctype);
    },
  });
}

/** Uploads a post's image as a public file; reports progress 0-100. */
export function uploadPostImage(file: File, onProgress: (p: UploadProgress) => void, signal?: AbortSignal) {
  return uploadFileAs(FileDocSchema, file, { isPrivate: false, doctype: BLOG_POST.doctype, fieldname: 'meta_image', folder: 'Home' }, { onProgress, signal });
}
