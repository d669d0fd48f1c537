import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blogCategories, blogPosts } from '../../db/schema/content';
import { users } from '../../db/schema/auth';

export async function countPostsInCategory(db: Executor, category: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(blogPosts)
    .where(eq(blogPosts.blog_category, category));
  return Number(row?.n ?? 0);
}

export async function categoryExists(db: Executor, name: string): Promise<boolean> {
  const rows = await db.select({ name: blogCategories.name }).from(blogCategories).where(eq(blogCategories.name, name)).limit(1);
  return rows.length > 0;
}

export async function categoryTitleTaken(db: Executor, title: string, except?: string): Promise<boolean> {
  const rows = await db
    .select({ name: blogCategories.name })
    .from(blogCategories)
    .where(and(sql`lower(${blogCategories.title}) = lower(${title})`, except ? ne(blogCategories.name, except) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function postNameTaken(db: Executor, name: string): Promise<boolean> {
  const rows = await db.select({ name: blogPosts.name }).from(blogPosts).where(eq(blogPosts.name, name)).limit(1);
  return rows.length > 0;
}

export async function postSource(db: Executor, name: string): Promise<string | null> {
  const [row] = await db.select({ source: blogPosts.content_source }).from(blogPosts).where(eq(blogPosts.name, name)).limit(1);
  return row?.source ?? null;
}

/** Whether a user name is taken, compared case-insensitively with names and with verified e-mail addresses. */
export async function userNameTaken(db: Executor, username: string): Promise<boolean> {
  const login = username.toLowerCase();
  const rows = await db
    .select({ name: users.name })
    .from(users)
    .where(sql`lower(${users.name}) = ${login} or (${users.email_verified} and lower(${users.email}) = ${login})`)
    .limit(1);
  return rows.length > 0;
}

/** A marketing-site account (a Website User with no role, its e-mail unverified); undefined when the name is taken. */
export async function insertSiteUser(db: Executor, user: { name: string; email: string; passwordHash: string }) {
  const [row] = await db
    .insert(users)
    .values({
      name: user.name,
      email: user.email,
      email_verified: false,
      full_name: user.name,
      first_name: user.name,
      user_type: 'Website User',
      roles: [],
      password_hash: user.passwordHash,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}
