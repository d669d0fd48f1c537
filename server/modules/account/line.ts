import { createHmac, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, SignJWT, type JWTVerifyGetKey } from 'jose';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../config';
import type { Executor } from '../../db/client';
import { randomToken, safeEqual, sha256 } from '../../frappe/crypto';
import { installationSecret } from './secrets';
import { dropExpiredSettings, insertSetting, takeSetting } from './repository';

/**
 * LINE Login v2.1 as an adapter. With LINE_CHANNEL_ID/LINE_CHANNEL_SECRET the server talks to LINE; without
 * them a development sign-in page of our own plays LINE's part and signs id_tokens the same way (HS256), so
 * `verifyIdToken` below is the one code path that decides who signed in, in tests and in production.
 */

export const CALLBACK_PATH = '/api/method/honda_api.api_calls.linehandle.login_via_line';
export const DEV_AUTHORIZE_PATH = '/api/dev/line/authorize';
export const LINE_ISSUER = 'https://access.line.me';
export const DEV_ISSUER = 'urn:member-rewards:dev-line';
export const DEV_CHANNEL_ID = 'dev-line-channel';
const LINE_AUTHORIZE_URL = 'https://access.line.me/oauth2/v2.1/authorize';
const LINE_TOKEN_URL = 'https://api.line.me/oauth2/v2.1/token';
const LINE_JWKS_URL = 'https://api.line.me/oauth2/v2.1/certs';

export const STATE_COOKIE = 'line_login';
const STATE_TTL_SECONDS = 10 * 60;
const DEV_CODE_TTL_SECONDS = 5 * 60;
export const DEV_CODE_PREFIX = 'account.dev_line_code:';

/** Why a sign-in was refused (logged on the server; the browser only learns that it failed). */
export class LineLoginError extends Error {
  constructor(readonly reason: string) {
    super(`LINE sign-in refused: ${reason}`);
  }
}

export interface LineIdentity {
  sub: string;
  name: string;
  picture: string | null;
}

export type LineMode = { kind: 'line'; channelId: string; channelSecret: string } | { kind: 'dev'; channelId: string };

/** Which LINE this installation talks to; null when sign-in is impossible (production without LINE). */
export function lineMode(config: ServerConfig): LineMode | null {
  if (config.line) return { kind: 'line', ...config.line };
  if (config.production) return null;
  return { kind: 'dev', channelId: DEV_CHANNEL_ID };
}

/**
 * Sign-in inside LINE (LIFF): the LIFF app of the LINE Login channel (LIFF_ID) hands the app an id_token that is
 * verified like LINE Login's; without LINE configured a development stand-in plays LIFF (dev-liff.ts). None in
 * production without LIFF_ID.
 */
export type LiffMode = { kind: 'line'; liffId: string; line: LineMode } | { kind: 'dev'; line: LineMode };

export function liffMode(config: ServerConfig): LiffMode | null {
  if (config.liffId && config.line) return { kind: 'line', liffId: config.liffId, line: { kind: 'line', ...config.line } };
  if (!config.production && !config.line) return { kind: 'dev', line: { kind: 'dev', channelId: DEV_CHANNEL_ID } };
  return null;
}

// ---------------------------------------------------------------------------------------------------
// state + nonce bound to the browser: an HMAC-signed, HttpOnly cookie set with the authorize address.

interface PendingLogin {
  state: string;
  nonce: string;
  exp: number;
  redirectTo: string;
  /** The in-app page to land on after signing in. */
  next?: string;
  /** The privacy notice version the sign-in modal showed (recorded as consent when the sign-in completes). */
  privacyVersion?: number;
}

async function sign(db: Executor, payload: string) {
  const secret = await installationSecret(db, 'account.cookie_secret');
  return createHmac('sha256', secret).update(`line-state:${payload}`).digest('base64url');
}

/** Sign-ins started in this browser and not finished (two tabs on the login page must not spoil each other). */
const MAX_PENDING = 3;

async function readPending(db: Executor, raw: string | undefined): Promise<PendingLogin[]> {
  if (!raw) return [];
  const [payload, mac] = raw.split('.');
  if (!payload || !mac || !safeEqual(mac, await sign(db, payload))) throw new LineLoginError('state cookie signature');
  try {
    const list = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    return Array.isArray(list) ? (list as PendingLogin[]) : [];
  } catch {
    throw new LineLoginError('state cookie unreadable');
  }
}

async function writePending(db: Executor, req: FastifyRequest, reply: FastifyReply, list: PendingLogin[]) {
  if (list.length === 0) {
    reply.clearCookie(STATE_COOKIE, { path: '/api/' });
    return;
  }
  const payload = Buffer.from(JSON.stringify(list)).toString('base64url');
  reply.setCookie(STATE_COOKIE, `${payload}.${await sign(db, payload)}`, {
    path: '/api/',
    httpOnly: true,
    // Lax: the cookie comes back on LINE's top-level GET redirect to our callback, not on cross-site posts.
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge: STATE_TTL_SECONDS,
  });
}

export async function startPendingLogin(
  db: Executor,
  req: FastifyRequest,
  reply: FastifyReply,
  redirectTo: string,
  next?: string,
  privacyVersion?: number,
): Promise<PendingLogin> {
  const pending: PendingLogin = {
    state: randomToken(24),
    nonce: randomToken(24),
    exp: Date.now() + STATE_TTL_SECONDS * 1000,
    redirectTo,
    ...(next ? { next } : {}),
    ...(privacyVersion ? { privacyVersion } : {}),
  };
  const earlier = await readPending(db, req.cookies?.[STATE_COOKIE]).catch(() => []);
  const alive = earlier.filter((p) => typeof p.exp === 'number' && p.exp > Date.now());
  await writePending(db, req, reply, [pending, ...alive].slice(0, MAX_PENDING));
  return pending;
}

/** Finds and removes the browser's pending sign-in for `state` (each is single use); refuses anything else. */
export async function takePendingLogin(db: Executor, req: FastifyRequest, reply: FastifyReply, state: string): Promise<PendingLogin> {
  const raw = req.cookies?.[STATE_COOKIE];
  if (!raw) throw new LineLoginError('no pending sign-in cookie');
  let list: PendingLogin[];
  try {
    list = await readPending(db, raw);
  } catch (err) {
    reply.clearCookie(STATE_COOKIE, { path: '/api/' });
    throw err;
  }
  const match = list.find((p) => typeof p.state === 'string' && safeEqual(p.state, state));
  const rest = list.filter((p) => p !== match && typeof p.exp === 'number' && p.exp > Date.now());
  await writePending(db, req, reply, rest);
  if (!match) throw new LineLoginError('state mismatch');
  if (typeof match.exp !== 'number' || match.exp < Date.now()) throw new LineLoginError('state cookie expired');
  return match;
}

// ---------------------------------------------------------------------------------------------------

export function authorizeUrl(mode: LineMode, config: ServerConfig, pending: PendingLogin): string {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: mode.channelId,
    redirect_uri: mode.kind === 'line' ? `${config.publicUrl.replace(/\/$/, '')}${CALLBACK_PATH}` : CALLBACK_PATH,
    state: pending.state,
    scope: 'openid profile',
    nonce: pending.nonce,
    // Offers friendship with the official account linked to the channel, so LINE messages can reach the member.
    bot_prompt: 'aggressive',
  });
  // The development page lives on this server: a relative address keeps the cookie's host whatever it is.
  return `${mode.kind === 'line' ? LINE_AUTHORIZE_URL : DEV_AUTHORIZE_PATH}?${params.toString()}`;
}

/** Exchanges the authorization code for LINE's id_token (or the development page's). */
export async function exchangeCode(db: Executor, mode: LineMode, config: ServerConfig, code: string): Promise<string> {
  if (mode.kind === 'dev') {
    const key = DEV_CODE_PREFIX + sha256(code);
    const value = (await takeSetting(db, key)) as { id_token?: string; exp?: number } | undefined;
    if (!value?.id_token || !value.exp || value.exp < Date.now()) throw new LineLoginError('unknown or expired code');
    return value.id_token;
  }
  const res = await fetch(LINE_TOKEN_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${config.publicUrl.replace(/\/$/, '')}${CALLBACK_PATH}`,
      client_id: mode.channelId,
      client_secret: mode.channelSecret,
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new LineLoginError(`token endpoint answered ${res.status}`);
  const body = (await res.json()) as { id_token?: unknown };
  if (typeof body.id_token !== 'string') throw new LineLoginError('no id_token in the token answer');
  return body.id_token;
}

let lineJwks: ReturnType<typeof createRemoteJWKSet> | undefined;

/** The key that must have signed the token: HS256 with the channel secret, or LINE's published ES256 keys. */
async function keyFor(db: Executor, mode: LineMode): Promise<{ key: Uint8Array | JWTVerifyGetKey; algorithms: string[]; issuer: string }> {
  if (mode.kind === 'dev') {
    const secret = await installationSecret(db, 'account.dev_line_channel_secret');
    return { key: new TextEncoder().encode(secret), algorithms: ['HS256'], issuer: DEV_ISSUER };
  }
  const hs = new TextEncoder().encode(mode.channelSecret);
  lineJwks ??= createRemoteJWKSet(new URL(LINE_JWKS_URL));
  const jwks = lineJwks;
  const getKey: JWTVerifyGetKey = async (header, token) => (header.alg === 'HS256' ? hs : jwks(header, token));
  return { key: getKey, algorithms: ['HS256', 'ES256'], issuer: LINE_ISSUER };
}

/**
 * Signature, issuer, audience (the channel id), expiry and nonce: anything else is refused. `nonce` is null only
 * for a token LIFF handed to the app (liff.getIDToken()): no sign-in of ours started it, so there is no nonce
 * of ours to compare.
 */
export async function verifyIdToken(db: Executor, mode: LineMode, idToken: string, nonce: string | null): Promise<LineIdentity> {
  const { key, algorithms, issuer } = await keyFor(db, mode);
  let payload;
  try {
    ({ payload } = await jwtVerify(idToken, key as Uint8Array, { issuer, audience: mode.channelId, algorithms, clockTolerance: 5 }));
  } catch (err) {
    const reason = err instanceof joseErrors.JOSEError ? err.code : 'malformed';
    throw new LineLoginError(`id_token ${reason}`);
  }
  if (typeof payload.exp !== 'number') throw new LineLoginError('id_token without expiry');
  if (nonce !== null && (typeof payload.nonce !== 'string' || !safeEqual(payload.nonce, nonce))) throw new LineLoginError('id_token nonce mismatch');
  if (typeof payload.sub !== 'string' || !/^[A-Za-z0-9_-]{1,100}$/.test(payload.sub)) throw new LineLoginError('id_token without a LINE user id');
  const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim().slice(0, 140) : 'LINE user';
  const picture = typeof payload.picture === 'string' && payload.picture.startsWith('https://') ? payload.picture : null;
  return { sub: payload.sub, name, picture };
}

// ---------------------------------------------------------------------------------------------------
// The development LINE: issues codes whose id_token is signed with this installation's own secret.

export function newLineSub(): string {
  return `U${randomBytes(16).toString('hex')}`;
}

/** An id_token of the development LINE, as LINE signs one for the channel (LIFF's tokens carry no nonce). */
export async function devIdToken(db: Executor, identity: { sub: string; name: string }, nonce?: string): Promise<string> {
  const secret = await installationSecret(db, 'account.dev_line_channel_secret');
  return new SignJWT({ name: identity.name, ...(nonce ? { nonce } : {}), amr: ['linesso'] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(DEV_ISSUER)
    .setSubject(identity.sub)
    .setAudience(DEV_CHANNEL_ID)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));
}

export async function issueDevCode(
  db: Executor,
  identity: { sub: string; name: string },
  nonce: string,
): Promise<string> {
  const idToken = await devIdToken(db, identity, nonce);
  const code = randomToken(24);
  // Codes nobody came back with are dropped after their lifetime.
  await dropExpiredSettings(db, DEV_CODE_PREFIX, Date.now());
  await storeDevCode(db, code, idToken);
  return code;
}

/** Also used by tests to hand the callback a token of their own making (forged, expired...). */
export async function storeDevCode(db: Executor, code: string, idToken: string) {
  await insertSetting(db, DEV_CODE_PREFIX + sha256(code), { id_token: idToken, exp: Date.now() + DEV_CODE_TTL_SECONDS * 1000 });
}
