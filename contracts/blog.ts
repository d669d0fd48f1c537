import * as v from 'valibot';
import { doctypeContract, methodContract } from './contract';
import { requiredText } from './args';
import { isoDay } from './dates';
import type { RuleCode } from './errors';

/** Blog documents as /api/resource answers them (fields the admin and the marketing site ask for). */
export const BlogCategorySchema = v.looseObject({
  name: v.string(),
  title: v.string(),
});
export type BlogCategory = v.InferOutput<typeof BlogCategorySchema>;

export const BlogPostSchema = v.looseObject({
  name: v.string(),
  title: v.string(),
  blog_category: v.optional(v.nullable(v.string()), null),
  blogger: v.optional(v.nullable(v.string()), null),
  content: v.optional(v.nullable(v.string()), ''),
  /** The content as typed in the editor; only a blog writer's read of one post carries it. */
  content_source: v.optional(v.nullable(v.string()), null),
  meta_image: v.optional(v.nullable(v.string()), null),
  published_on: v.optional(v.nullable(v.string()), null),
  published: v.optional(v.boolean(), true),
});
export type BlogPost = v.InferOutput<typeof BlogPostSchema>;

export const BLOG_POST_FIELDS = ['name', 'title', 'blog_category', 'blogger', 'content', 'meta_image', 'published_on', 'published'] as const;
export const BLOG_CATEGORY_FIELDS = ['name', 'title'] as const;

/** What the post form and the server say of a post's title, category and day. */
export const BLOG_POST_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be at most 200 characters',
  categoryRequired: 'Category is required',
  categoryMissing: 'The chosen blog category does not exist',
  badDate: 'Date must be a valid date (YYYY-MM-DD)',
} as const;
export const BLOG_TITLE_MAX = 200;

/**
 * A post as a blog writer sends it: a title, a category and the day it is dated (the server also checks that the
 * category exists, and cleans the content and the image).
 */
export const BlogPostInputSchema = v.looseObject({
  title: requiredText(BLOG_POST_MESSAGES.titleRequired, BLOG_TITLE_MAX, BLOG_POST_MESSAGES.titleTooLong),
  blog_category: requiredText(BLOG_POST_MESSAGES.categoryRequired, 140, BLOG_POST_MESSAGES.categoryMissing),
  published_on: isoDay(BLOG_POST_MESSAGES.badDate),
});

/** The roles that may write blog posts and categories (System Manager may do anything). */
export const BLOG_ADMIN_ROLES = ['Blog Manager', 'System Manager'] as const;
export const isBlogAdmin = (roles: readonly string[]) => roles.some((r) => (BLOG_ADMIN_ROLES as readonly string[]).includes(r));

/** The marketing site's Register tab: the same rules in the dialog and in member_rewards.marketing.sign_up. */
export const SIGN_UP_METHOD = 'member_rewards.marketing.sign_up';
/** The rules' messages are their codes (contracts/errors.ts). */
const M = {
  usernameRequired: 'username_required',
  usernameShort: 'username_too_short',
  usernameLong: 'username_too_long',
  usernameChars: 'username_invalid',
  emailRequired: 'sign_up_email_required',
  emailInvalid: 'sign_up_email_invalid',
  passwordRequired: 'sign_up_password_required',
  passwordShort: 'sign_up_password_too_short',
  passwordLong: 'sign_up_password_too_long',
} as const satisfies Record<string, RuleCode>;
export const SignUpSchema = v.object({
  username: v.optional(
    v.pipe(
      v.string(M.usernameRequired),
      v.trim(),
      v.minLength(1, M.usernameRequired),
      v.minLength(3, M.usernameShort),
      v.maxLength(30, M.usernameLong),
      v.regex(/^[A-Za-z0-9._-]+$/, M.usernameChars),
      v.toLowerCase(),
    ),
    '',
  ),
  email: v.optional(
    v.pipe(
      v.string(M.emailRequired),
      v.trim(),
      v.minLength(1, M.emailRequired),
      v.maxLength(200, M.emailInvalid),
      v.email(M.emailInvalid),
      v.toLowerCase(),
    ),
    '',
  ),
  password: v.optional(
    v.pipe(v.string(M.passwordRequired), v.minLength(1, M.passwordRequired), v.minLength(8, M.passwordShort), v.maxLength(128, M.passwordLong)),
    '',
  ),
});
export type SignUpInput = v.InferInput<typeof SignUpSchema>;

/** A new marketing-site account, signed in at once. */
export const SignUpAnswer = v.looseObject({ user: v.string(), full_name: v.string(), csrf_token: v.nullable(v.string()) });

/**
 * A marketing-site account: a Website User with no role (not a loyalty member, no points), signed in at once. 409 when
 * the username is taken (any case); the e-mail is kept unverified and reserves nothing until a password-reset link sent
 * to it is used; 5 per IP an hour.
 */
export const SIGN_UP = methodContract(SIGN_UP_METHOD, v.looseObject(SignUpSchema.entries), SignUpAnswer);

/**
 * Blog Post over /api/resource: anyone reads published posts, a Blog Manager every post; Blog Managers write them.
 * `content` is sanitised HTML (plain text becomes paragraphs, typed tags stay text); a writer's read of one post adds
 * `content_source`, the content exactly as typed (what the editor shows, so an edit saves the same post); `meta_image`
 * is an uploaded JPG/PNG/WEBP or an https address; `blogger` is the author; the name comes from the title.
 */
export const BLOG_POST = doctypeContract('Blog Post', BlogPostSchema, [...BLOG_POST_FIELDS, 'creation', 'modified']);

/**
 * Blog Category over /api/resource: anyone reads them, Blog Managers write them. Updating or deleting one that posts
 * use is a 417 ('Sorry, you cannot update/delete the blog category while there are posts that relate to this blog
 * category.'); a duplicate title is a 409.
 */
export const BLOG_CATEGORY = doctypeContract('Blog Category', BlogCategorySchema, [...BLOG_CATEGORY_FIELDS, 'creation', 'modified']);
