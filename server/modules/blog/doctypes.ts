import { eq } from 'drizzle-orm';
import type { DoctypeDef } from '../../frappe/doctypes';
import { isAllowed, type RequestContext } from '../../frappe/context';
import { FrappeError, ruleRefusal, validationError } from '../../frappe/errors';
import type { Executor } from '../../db/client';
import { blogCategories, blogPosts } from '../../db/schema/content';
import { ALL_ROWS } from '../realtime/scope';
import { sanitizeRichText } from '../content/sanitize';
import { contentToHtml, typedFromHtml } from './post-content';
import { categoryExists, categoryTitleTaken, countPostsInCategory, postNameTaken, postSource } from './repository';
import { today } from '../../../contracts/business-day';
import { inDayRange, isCalendarDay } from '../../../contracts/dates';
import { BLOG_CATEGORY, BLOG_POST, BLOG_POST_MESSAGES, BLOG_TITLE_MAX } from '../../../contracts/blog';

export const BLOG_WRITERS = ['Blog Manager'] as const; // System Manager passes every rule
const writers = { allow: BLOG_WRITERS };

export const MESSAGES = {
  ...BLOG_POST_MESSAGES,
  categoryHasPostsUpdate: 'Sorry, you cannot update the blog category while there are posts that relate to this blog category.',
  categoryHasPostsDelete: 'Sorry, you cannot delete the blog category while there are posts that relate to this blog category.',
  categoryNameRequired: 'Category Name is required',
  categoryNameTooLong: 'Category Name must be at most 140 characters',
  categoryDuplicate: 'A blog category with this name already exists',
  contentTooLong: 'Content is too long',
  badImage: 'Image must be an uploaded file or an https address',
  imageNotImage: 'Image must be a JPG, PNG or WEBP file',
} as const;

/** A URL-safe document name from a title: letters and digits of any script, words joined by hyphens. */
export function slugify(title: string, max = 80): string {
  return title
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
}

function text(value: unknown, required: string, max: number, tooLong: string): string {
  if (typeof value !== 'string' || !value.trim()) throw validationError(required);
  const s = value.trim().replace(/\s+/g, ' ');
  if (s.length > max) throw validationError(tooLong);
  return s;
}

function isoDate(value: unknown): string {
  if (typeof value !== 'string' || !isCalendarDay(value)) throw validationError(MESSAGES.badDate);
  if (!inDayRange(value)) throw ruleRefusal('date_out_of_range');
  return value;
}

function imageUrl(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string' || value.length > 500) throw validationError(MESSAGES.badImage);
  // An uploaded file must be an image: the upload itself also takes PDF and text files.
  if (/^\/files\/[\p{L}\p{N}_.\-/]+$/u.test(value) && !value.includes('..')) {
    if (/\.(png|jpe?g|webp)$/i.test(value)) return value;
    throw validationError(MESSAGES.imageNotImage);
  }
  if (/^\/images\/[\p{L}\p{N}_.\-/]+$/u.test(value) && !value.includes('..')) return value;
  if (/^https:\/\/[^\s"'<>]+$/.test(value)) return value;
  throw validationError(MESSAGES.badImage);
}

const isBlogWriter = (ctx: RequestContext) => isAllowed(ctx.user, BLOG_WRITERS);

export const blogCategoryDoctype: DoctypeDef = {
  ...BLOG_CATEGORY,
  table: blogCategories,
  // The original's update dialog sends `category`; it is read as the title.
  writable: ['title', 'category'],
  defaultOrder: 'creation asc',
  read: { allow: ['Guest'] },
  create: writers,
  update: writers,
  delete: writers,
  autoname: (_ctx, doc) => slugify(String(doc.title)) || `category-${Date.now().toString(36)}`,
  async validate(_ctx, doc, op, tx, existing) {
    const raw = doc.title ?? doc.category;
    const out: Record<string, unknown> = {};
    if (op === 'create' || raw !== undefined) {
      out.title = text(raw, MESSAGES.categoryNameRequired, 140, MESSAGES.categoryNameTooLong);
    }
    if (op === 'update' && existing) {
      if ((await countPostsInCategory(tx, String(existing.name))) > 0) {
        throw new FrappeError('ValidationError', MESSAGES.categoryHasPostsUpdate, { title: 'Unable to update' });
      }
    }
    if (out.title && (await categoryTitleTaken(tx, String(out.title), existing ? String(existing.name) : undefined))) {
      throw new FrappeError('DuplicateEntryError', MESSAGES.categoryDuplicate);
    }
    return out;
  },
  async beforeDelete(_ctx, name, tx) {
    if ((await countPostsInCategory(tx, name)) > 0) {
      throw new FrappeError('LinkExistsError', MESSAGES.categoryHasPostsDelete, { title: 'Unable to delete' });
    }
  },
};

async function uniquePostName(db: Executor, title: string): Promise<string> {
  const base = slugify(title) || 'post';
  for (let i = 1; i < 50; i++) {
    const candidate = i === 1 ? base : `${base}-${i}`;
    if (!(await postNameTaken(db, candidate))) return candidate;
  }
  return `${base}-${Date.now().toString(36)}`;
}

export const blogPostDoctype: DoctypeDef = {
  ...BLOG_POST,
  table: blogPosts,
  writable: ['title', 'blog_category', 'content', 'meta_image', 'published_on', 'published'],
  defaultOrder: 'published_on desc',
  read: {
    allow: ['Guest'],
    // Visitors and members see published posts only; blog managers see drafts too.
    scope: (ctx) => (isBlogWriter(ctx) ? ALL_ROWS : eq(blogPosts.published, true)),
  },
  create: writers,
  update: writers,
  delete: writers,
  async validate(ctx, doc, op, tx) {
    const out: Record<string, unknown> = {};
    if (op === 'create' || doc.title !== undefined) out.title = text(doc.title, MESSAGES.titleRequired, BLOG_TITLE_MAX, MESSAGES.titleTooLong);
    if (op === 'create' || doc.blog_category !== undefined) {
      const category = text(doc.blog_category, MESSAGES.categoryRequired, 140, MESSAGES.categoryMissing);
      if (!(await categoryExists(tx, category))) throw validationError(MESSAGES.categoryMissing);
      out.blog_category = category;
    }
    if (op === 'create' || doc.content !== undefined) {
      const raw = typeof doc.content === 'string' ? doc.content : '';
      if (raw.length > 200_000) throw validationError(MESSAGES.contentTooLong);
      out.content = sanitizeRichText(contentToHtml(raw));
      // Kept as typed: the editor shows it again, so an edit treats the text exactly as the first save did.
      out.content_source = raw;
    }
    if (doc.meta_image !== undefined) out.meta_image = imageUrl(doc.meta_image);
    if (doc.published_on !== undefined && doc.published_on !== null && doc.published_on !== '') out.published_on = isoDate(doc.published_on);
    else if (op === 'create') out.published_on = today();
    if (doc.published !== undefined) out.published = doc.published === true || doc.published === 1 || doc.published === '1';
    if (op === 'create') {
      out.blogger = ctx.user.fullName || ctx.user.name;
      out.name = await uniquePostName(tx, String(out.title));
    }
    return out;
  },
  // Writers editing a post get what was typed (content_source); readers only ever get the sanitised HTML.
  async expand(ctx, doc) {
    if (!isBlogWriter(ctx)) return doc;
    const source = await postSource(ctx.db, String(doc.name));
    return { ...doc, content_source: source ?? typedFromHtml(String(doc.content ?? '')) };
  },
};
