import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Executor } from '../db/client';
import { apiKeys, sessions, users, type Role } from '../db/schema/auth';
import { GUEST, type AppServices, type CurrentUser, type RequestContext, type SessionRead } from './context';
import { randomToken, safeEqual, sha256, verifyPassword } from './crypto';
import { FrappeError, authError } from './errors';
import { touchApiKey } from './api-keys';
import { preparedRead } from '../db/prepared';
import { clearLimit, hitLimit } from './rate-limit';
import { clientFromCredentials, CLIENT_KEY_PREFIX } from './api-clients';

export const SID_COOKIE = 'sid';

function userFromRow(row: Pick<typeof users.$inferSelect, 'name' | 'roles' | 'full_name' | 'branch'>, via: CurrentUser['via'], extra: Partial<CurrentUser> = {}): CurrentUser {
  return {
    name: row.name,
    roles: row.roles as Role[],
    isGuest: false,
    fullName: row.full_name,
    branch: row.branch,
    via,
    ...extra,
  };
}

/** `token key:secret` or `Basic base64(key:secret)`: API clients (Frappe's token auth). Expired keys sign nobody in. */
async function userFromAuthorization(db: Db, header: string, now: Date): Promise<CurrentUser> {
  const parts = header.trim().split(' ');
  if (parts.length !== 2) throw new FrappeError('InvalidRequestError', 'Invalid Authorization header');
  const [kind, value] = parts as [string, string];
  let pair: string;
  if (kind.toLowerCase() === 'token') pair = value;
  else if (kind.toLowerCase() === 'basic') pair = Buffer.from(value, 'base64').toString('utf8');
  else throw authError('Unsupported authorization type');
  const [key, secret] = pair.split(':');
  if (!key || !secret) throw authError('Invalid API key');
  if (key.startsWith(CLIENT_KEY_PREFIX)) return clientFromCredentials(db, key, secret, now);
  const [row] = await db
    .select({ user: users, secretHash: apiKeys.secret_hash })
    .from(apiKeys)
    .innerJoin(users, eq(users.name, apiKeys.user))
    .where(and(eq(apiKeys.api_key, key), gt(apiKeys.expires_at, sql`now()`)))
    .limit(1);
  if (!row || !row.user.enabled || !safeEqual(row.secretHash, sha256(secret))) throw authError('Invalid API key or secret');
  await touchApiKey(db, key);
  return userFromRow(row.user, 'token');
}

/**
 * The live session behind a cookie and only what a request needs of its user: read on every signed-in request,
 * never remembered between requests, so a session ended by sign-out, a password reset or a block (by this
 * instance or another) lets nothing more in.
 */
const sessionQuery = (db: Executor, name: string, extra?: SessionRead<unknown>) =>
  db
    .select({
      name: users.name, roles: users.roles, full_name: users.full_name, branch: users.branch, enabled: users.enabled, csrf: sessions.csrf_token,
      ...(extra ? { extra: extra.value(users) } : {}),
    })
    .from(sessions)
    .innerJoin(users, eq(users.name, sessions.user))
    .where(and(eq(sessions.sid_hash, sql.placeholder('hash')), gt(sessions.expires_at, sql`now()`)))
    .limit(1)
    .prepare(name);

const sessionRead = preparedRead((db) => sessionQuery(db, 'mr_session_user'));

/** The session's statement with a method's own read of the user beside it, one per method's read. */
const sessionReadWith = new Map<SessionRead<unknown>, (db: Executor) => ReturnType<typeof sessionQuery>>();
function sessionStatement(db: Db, extra?: SessionRead<unknown>) {
  if (!extra) return sessionRead(db);
  let read = sessionReadWith.get(extra);
  if (!read) sessionReadWith.set(extra, (read = preparedRead((d) => sessionQuery(d, `mr_session_user_${extra.name}`, extra))));
  return read(db);
}

/**
 * A method's read of its caller (`SessionRead`) made on its own, the same SQL in one statement: for a caller the
 * session's statement did not read it for (signed in with an API key), or a method that needs it apart. Undefined
 * when there is no such user.
 */
export function sessionReadAlone<T>(read: SessionRead<T>): (db: Executor, user: string) => Promise<T | undefined> {
  const statement = preparedRead((db) =>
    db
      // Wrapped: in a one-table select drizzle writes the expression's own columns unqualified, and a bare "name"
      // inside the read's subqueries would be the subquery's table's column, not the user's.
      .select({ value: sql<T>`${read.value(users)}` })
      .from(users)
      .where(eq(users.name, sql.placeholder('user')))
      .limit(1)
      .prepare(`mr_${read.name}_alone`),
  );
  return async (db, user) => {
    const [row] = await statement(db).execute({ user, ...read.params?.() });
    return row?.value;
  };
}

/**
 * Who is calling; `now` is the server's clock (an API client's rotated secret works until a moment on it). `extra`,
 * the called method's read of its caller, comes in the same statement as the session (`readWithSession`).
 */
export async function resolveUser(db: Db, req: FastifyRequest, now: Date = new Date(), extra?: SessionRead<unknown>): Promise<CurrentUser> {
  const header = req.headers.authorization;
  if (header) return userFromAuthorization(db, header, now);
  const sid = req.cookies?.[SID_COOKIE];
  if (!sid || sid === 'Guest') return GUEST;
  const hash = sha256(sid);
  const [row] = await sessionStatement(db, extra).execute({ hash, ...extra?.params?.() });
  if (!row || !row.enabled) return GUEST;
  return userFromRow(row, 'session', { sessionHash: hash, csrfToken: row.csrf, ...(extra ? { withSession: { read: extra, value: row.extra } } : {}) });
}

function cookieOptions(req: FastifyRequest, httpOnly: boolean, maxAgeSeconds?: number) {
  return {
    path: '/',
    httpOnly,
    sameSite: 'lax' as const,
    secure: req.protocol === 'https',
    ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {}),
  };
}

/** What starting a session needs of the request: its cookies, the reply for new ones, the lifetime, the domains' rules. */
export type SessionContext = Pick<RequestContext, 'request' | 'reply' | 'config' | 'services'>;

/**
 * Starts a fresh session (a new sid every time: no fixation) and sets Frappe's cookies. A sign-in is a new device:
 * the domains apply their rule for it (credentialsChanged 'signed-in') in the same transaction.
 */
export async function startSession(db: Executor, ctx: SessionContext, user: typeof users.$inferSelect, device = 'browser'): Promise<{ csrfToken: string }> {
  const { request: req, reply } = ctx;
  const ttlHours = ctx.config.sessionTtlHours;
  const old = req.cookies?.[SID_COOKIE];
  if (old) await db.delete(sessions).where(eq(sessions.sid_hash, sha256(old)));
  await ctx.services.credentialsChanged(db, { user: user.name, kind: 'signed-in' });
  const sid = randomToken(32);
  const csrfToken = randomToken(24);
  await db.insert(sessions).values({
    sid_hash: sha256(sid),
    user: user.name,
    csrf_token: csrfToken,
    device,
    expires_at: new Date(Date.now() + ttlHours * 3600_000),
  });
  const maxAge = ttlHours * 3600;
  reply.setCookie(SID_COOKIE, sid, cookieOptions(req, true, maxAge));
  reply.setCookie('user_id', user.name, cookieOptions(req, false, maxAge));
  reply.setCookie('full_name', encodeURIComponent(user.full_name), cookieOptions(req, false, maxAge));
  reply.setCookie('system_user', user.user_type === 'System User' ? 'yes' : 'no', cookieOptions(req, false, maxAge));
  return { csrfToken };
}

export async function endSession(db: Executor, req: FastifyRequest, reply: FastifyReply, user: CurrentUser) {
  if (user.sessionHash) await db.delete(sessions).where(eq(sessions.sid_hash, user.sessionHash));
  reply.clearCookie(SID_COOKIE, { path: '/' });
  reply.setCookie('user_id', 'Guest', cookieOptions(req, false));
  reply.clearCookie('full_name', { path: '/' });
  reply.setCookie('system_user', 'no', cookieOptions(req, false));
}

/**
 * The account a sign-in name stands for: the user name, else the one account whose verified e-mail it is, else
 * the only account that gave it as an unverified e-mail (several such accounts: none; they sign in by name),
 * else the verified phone. Compared case-insensitively; one account, whichever identifier is typed.
 */
export async function resolveAccount(db: Executor, identifier: string): Promise<typeof users.$inferSelect | undefined> {
  const typed = identifier.trim();
  const login = typed.toLowerCase();
  if (!login) return undefined;
  const rows = await db
    .select()
    .from(users)
    .where(
      sql`lower(${users.name}) = ${login} or lower(${users.email}) = ${login} or (${users.mobile_no} = ${typed} and ${users.phone_verified})`,
    )
    .limit(20);
  const byName = rows.find((r) => r.name.toLowerCase() === login);
  if (byName) return byName;
  const byEmail = rows.filter((r) => r.email?.toLowerCase() === login);
  const verified = byEmail.find((r) => r.email_verified);
  if (verified) return verified;
  if (byEmail.length > 0) return byEmail.length === 1 ? byEmail[0] : undefined;
  return rows.find((r) => r.mobile_no === typed);
}

/** One limit per account for every way of signing in with its password (login, token login, password change). */
export const LOGIN_LIMIT = { perAccount: 10, perIp: 50, windowSeconds: 15 * 60 };

/**
 * Checks a password under the shared limits: 50 tries per IP, and 10 per account however it is named (user name,
 * e-mail, phone) and whichever method is used. An unknown name has a counter of its own, so a made-up name and a
 * real one are refused alike. Returns the account, or null for wrong credentials or a disabled account.
 */
export async function checkPassword(db: Db, ip: string, usr: string, pwd: string) {
  await hitLimit(db, `login:ip:${ip}`, LOGIN_LIMIT.perIp, LOGIN_LIMIT.windowSeconds);
  const account = await resolveAccount(db, usr);
  const key = account ? `login:account:${account.name}` : `login:unknown:${usr.trim().toLowerCase()}`;
  await hitLimit(db, key, LOGIN_LIMIT.perAccount, LOGIN_LIMIT.windowSeconds, 'Too many login attempts. Please try again later.');
  const ok = await verifyPassword(pwd, account?.password_hash);
  if (!ok || !account || !account.enabled) return null;
  await clearLimit(db, key);
  return account;
}

/**
 * Ends everything that lets the account in without its password: every cookie session and API token, and what
 * the domains hold for it (the member-code devices: credentialsChanged 'ended'). After a password reset or change,
 * and when an account is disabled or blocked.
 */
export async function endCredentials(db: Executor, services: AppServices, userName: string) {
  await db.delete(sessions).where(eq(sessions.user, userName));
  await db.delete(apiKeys).where(eq(apiKeys.user, userName));
  await services.credentialsChanged(db, { user: userName, kind: 'ended' });
}

/** Whether the request carries its session's CSRF token (X-Frappe-CSRF-Token). */
export function hasCsrfToken(req: FastifyRequest): boolean {
  const sent = req.headers['x-frappe-csrf-token'];
  return typeof sent === 'string' && Boolean(req.user.csrfToken) && safeEqual(sent, req.user.csrfToken!);
}
