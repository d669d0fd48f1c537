import { boolean, date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { docColumns } from './common';

/** Information documents, the terms document and 'Condition of redeem items', fetched by title. */
export const documents = pgTable('documents', {
  name: text('name').primaryKey(),
  doctype: text('doctype').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  ...docColumns(),
});

export const blogCategories = pgTable('blog_categories', {
  name: text('name').primaryKey(),
  title: text('title').notNull(),
  ...docColumns(),
});

export const blogPosts = pgTable('blog_posts', {
  name: text('name').primaryKey(),
  title: text('title').notNull(),
  blog_category: text('blog_category'),
  blogger: text('blogger'),
  content: text('content').notNull().default(''),
  /** The content as the editor typed it (content is derived from it); null for posts written before it was kept. */
  content_source: text('content_source'),
  meta_image: text('meta_image'),
  published_on: date('published_on', { mode: 'string' }),
  published: boolean('published').notNull().default(true),
  ...docColumns(),
});

export const files = pgTable('files', {
  name: text('name').primaryKey(),
  file_name: text('file_name').notNull(),
  file_url: text('file_url').notNull(),
  is_private: integer('is_private').notNull().default(0),
  content_type: text('content_type').notNull(),
  file_size: integer('file_size').notNull(),
  content_hash: text('content_hash').notNull(),
  folder: text('folder').notNull().default('Home'),
  attached_to_doctype: text('attached_to_doctype'),
  attached_to_name: text('attached_to_name'),
  attached_to_field: text('attached_to_field'),
  ...docColumns(),
});
