export { categoriesQuery, postQuery, publishedPostsQuery as postsQuery, type BlogCategory, type BlogPost } from '@/entities/blog';
export { branchesQuery, type Branch } from '@/entities/branches';
export { useSignUp } from '@/entities/member/sign-up';

/** A short plain-text teaser of a post's HTML for cards. */
export function excerpt(html: string | null | undefined, max = 140): string {
  const text = (html ?? '').replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}
