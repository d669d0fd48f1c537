import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rateLimits } from '../db/schema/auth';
import type { ErrorCode } from '../../contracts/errors';
import { tooManyRequests } from './errors';

/**
 * Counts a hit against `key` in a fixed window kept in the database, so every server instance shares it.
 * Throws 429 when the count passes `limit` (with `code` when the app explains this limit in its own words).
 */
export async function hitLimit(db: Executor, key: string, limit: number, windowSeconds: number, message?: string, code?: ErrorCode) {
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, window_start: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.window_start} < now() - make_interval(secs => ${windowSeconds}) then 1 else ${rateLimits.count} + 1 end`,
        window_start: sql`case when ${rateLimits.window_start} < now() - make_interval(secs => ${windowSeconds}) then now() else ${rateLimits.window_start} end`,
      },
    })
    .returning({ count: rateLimits.count });
  if ((rows[0]?.count ?? 0) > limit) throw tooManyRequests(message, code);
}

export async function clearLimit(db: Executor, key: string) {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}
