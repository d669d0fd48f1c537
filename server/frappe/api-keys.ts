import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { apiKeys } from '../db/schema/auth';
import { randomToken, sha256 } from './crypto';
import { notFound } from './errors';
import { defineMethod } from './methods';
import type { RequestContext } from './context';
import { API_KEYS, REVOKE_API_KEY } from '../../contracts/api-keys';

/** Keys a user may hold at once: a new one beyond this retires the oldest. */
const KEYS_KEPT_PER_USER = 5;

/**
 * A new API key pair for the user, valid for `ttlDays` (API_TOKEN_TTL_DAYS). The secret is shown once and stored
 * hashed; keys beyond the newest five, and the user's expired ones, are deleted.
 */
export async function issueApiKey(db: Executor, user: string, ttlDays: number): Promise<string> {
  const apiKey = randomToken(12);
  const secret = randomToken(24);
  await db.insert(apiKeys).values({
    api_key: apiKey,
    user,
    secret_hash: sha256(secret),
    expires_at: sql`now() + make_interval(secs => ${Math.round(ttlDays * 86400)})`,
  });
  const keep = await db
    .select({ key: apiKeys.api_key })
    .from(apiKeys)
    .where(and(eq(apiKeys.user, user), gt(apiKeys.expires_at, sql`now()`)))
    .orderBy(desc(apiKeys.created_at))
    .limit(KEYS_KEPT_PER_USER);
  const all = await db.select({ key: apiKeys.api_key }).from(apiKeys).where(eq(apiKeys.user, user));
  const stale = all.map((r) => r.key).filter((k) => !keep.some((r) => r.key === k));
  if (stale.length) await db.delete(apiKeys).where(inArray(apiKeys.api_key, stale));
  return `${apiKey}:${secret}`;
}

/** Notes when a key was last used, at most once a minute (one write per request would be a write per read). */
export async function touchApiKey(db: Db, apiKey: string) {
  await db
    .update(apiKeys)
    .set({ last_used_at: sql`now()` })
    .where(and(eq(apiKeys.api_key, apiKey), or(isNull(apiKeys.last_used_at), lt(apiKeys.last_used_at, sql`now() - interval '1 minute'`))));
}

const isManager = (ctx: RequestContext) => ctx.user.roles.includes('System Manager');

/** Whose keys a call is about: the caller's own, or (System Manager only) the named user's. */
function ownerOf(ctx: RequestContext, user: string | undefined): string {
  if (!user || user === ctx.user.name) return ctx.user.name;
  // Another user's keys look missing to anyone else: no probing for who holds keys.
  if (!isManager(ctx)) throw notFound('API key not found');
  return user;
}

/** Ours, Frappe style: the caller's API keys (never their secrets); a System Manager may name any user. */
const listKeys = defineMethod({
  ...API_KEYS,
  verbs: ['GET'],
  allow: ['All'],
  async handler(ctx, { user }) {
    const owner = ownerOf(ctx, user);
    const rows = await ctx.db
      .select({ api_key: apiKeys.api_key, created_at: apiKeys.created_at, expires_at: apiKeys.expires_at, last_used_at: apiKeys.last_used_at })
      .from(apiKeys)
      .where(and(eq(apiKeys.user, owner), gt(apiKeys.expires_at, sql`now()`)))
      .orderBy(desc(apiKeys.created_at));
    return rows.map((r) => ({ ...r, user: owner }));
  },
});

/**
 * Ours: revokes one API key (`api_key`), or every key of a user (no `api_key`): the caller's own, or any user's
 * for a System Manager. Answers how many were revoked.
 */
const revokeKey = defineMethod({
  ...REVOKE_API_KEY,
  verbs: ['POST'],
  allow: ['All'],
  async handler(ctx, { api_key, user }) {
    if (api_key) {
      const where = isManager(ctx) && !user ? eq(apiKeys.api_key, api_key) : and(eq(apiKeys.api_key, api_key), eq(apiKeys.user, ownerOf(ctx, user)));
      const gone = await ctx.db.delete(apiKeys).where(where).returning({ key: apiKeys.api_key });
      if (gone.length === 0) throw notFound('API key not found');
      return { revoked: 1 };
    }
    const gone = await ctx.db.delete(apiKeys).where(eq(apiKeys.user, ownerOf(ctx, user))).returning({ key: apiKeys.api_key });
    return { revoked: gone.length };
  },
});

export const apiKeyMethods = [listKeys, revokeKey];
