import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiClients } from '../db/schema/integration';
import { API_CLIENT_CALLS_PER_MINUTE, type ApiScope } from '../../contracts/api-clients';
import type { CurrentUser } from './context';
import { safeEqual, sha256 } from './crypto';
import { authError, FrappeError } from './errors';
import { hitLimit } from './rate-limit';

/** Keys of API clients start with this, so a token names its kind of credential (user keys never do). */
export const CLIENT_KEY_PREFIX = 'mrc_';

/**
 * The API client a `token key:secret` header proves, as an actor of its own: no roles (so no member, staff or
 * back-office method is open to it), its scopes and its branch. The secret is the current one, or the one before
 * the last rotation while its grace period lasts (`now`, the server's clock). A revoked client signs nobody in.
 * Every call counts against the client's own rate limit.
 */
export async function clientFromCredentials(db: Db, key: string, secret: string, now: Date): Promise<CurrentUser> {
  const [row] = await db.select().from(apiClients).where(eq(apiClients.api_key, key)).limit(1);
  const hash = sha256(secret);
  const current = row && safeEqual(row.secret_hash, hash);
  const previous = row?.previous_secret_hash && row.previous_valid_until && row.previous_valid_until > now && safeEqual(row.previous_secret_hash, hash);
  if (!row || row.revoked_at || !(current || previous)) throw authError('Invalid API key or secret');
  await hitLimit(db, `api-client:${key}`, API_CLIENT_CALLS_PER_MINUTE, 60, 'Too many calls from this API client. Please slow down.');
  // When it was last used, at most once a minute (one write per call would double every read).
  await db
    .update(apiClients)
    .set({ last_used_at: sql`now()` })
    .where(and(eq(apiClients.api_key, key), or(isNull(apiClients.last_used_at), lt(apiClients.last_used_at, sql`now() - interval '1 minute'`))));
  return {
    name: row.api_key,
    roles: [],
    isGuest: false,
    fullName: row.client_name,
    branch: row.branch,
    via: 'client',
    client: { apiKey: row.api_key, name: row.client_name, scopes: row.scopes as ApiScope[], branch: row.branch },
  };
}

/** A client calling outside its scopes (or anything but a method): Frappe's 403, with its code. */
export const scopeRefusal = (path: string) =>
  new FrappeError('PermissionError', `This API client may not call ${path.slice(0, 120)}: it lacks the scope for it.`, { code: 'scope_missing' });

/** A user calling a method that only API clients may call. */
export const clientOnlyRefusal = (path: string) =>
  new FrappeError('PermissionError', `Only an API client may call ${path.slice(0, 120)}.`, { code: 'api_client_only' });
