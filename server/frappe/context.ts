import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Executor } from '../db/client';
import type { ServerConfig } from '../config';
import type { SQL } from 'drizzle-orm';
import type { Role, users } from '../db/schema/auth';
import type { ApiScope } from '../../contracts/api-clients';

/** Who is calling: a guest, or a user with roles (and the session or API key that proved it). */
export interface CurrentUser {
  name: string; // 'Guest' for guests
  roles: Role[];
  isGuest: boolean;
  fullName: string;
  branch: string | null;
  via: 'guest' | 'session' | 'token' | 'client';
  /** An API client (via 'client'): a system of the brand's, not a user; `name` is its key, and it has no roles. */
  client?: { apiKey: string; name: string; scopes: ApiScope[]; branch: string | null };
  sessionHash?: string;
  csrfToken?: string;
  /** What the called method reads of its caller, read with the session (its `withSession`): see `readWithSession`. */
  withSession?: { read: SessionRead<unknown>; value: unknown };
}

/**
 * A method's read of its caller that the session's statement carries along (one round trip fewer on a hot route):
 * one value per signed-in user, as a scalar subquery over the user's columns. `name` names the prepared statement.
 * The frappe surface knows nothing of what it reads; the method's module does.
 */
export interface SessionRead<T> {
  name: string;
  value: (user: typeof users) => SQL<T>;
  /** The values of the placeholders (`sql.placeholder`) in `value`, taken as the session is read. */
  params?: () => Record<string, unknown>;
}

/** The method's `withSession` value when the session was read with it (undefined: read it the ordinary way). */
export function readWithSession<T>(ctx: { user: CurrentUser }, read: SessionRead<T>): T | undefined {
  return ctx.user.withSession?.read === read ? (ctx.user.withSession.value as T) : undefined;
}

export const GUEST: CurrentUser = { name: 'Guest', roles: [], isGuest: true, fullName: 'Guest', branch: null, via: 'guest' };

/**
 * Who may call a method or use a doctype: 'Guest' means everyone, 'All' everyone signed in (Frappe's role of
 * that name, which also covers accounts with no role). System Manager may do anything.
 */
export type Allow = 'Guest' | 'All' | Role;

export function isAllowed(user: CurrentUser, allow: readonly Allow[]): boolean {
  if (allow.includes('Guest')) return true;
  if (user.isGuest) return false;
  if (allow.includes('All')) return true;
  if (user.roles.includes('System Manager')) return true;
  return allow.some((role) => role !== 'Guest' && role !== 'All' && user.roles.includes(role));
}

/**
 * An account's credentials changed: it signed in (a new session, so a new device), signed out, or lost every
 * credential at once (password reset or change, disabled, blocked).
 */
export interface CredentialEvent {
  user: string;
  kind: 'signed-in' | 'signed-out' | 'ended';
}

/** Services the modules share (adapters for the outside world live here). */
export interface AppServices {
  /** Emits list_update after a committed change (realtime module). */
  notifyListUpdate(doctype: string, name: string, user: string): void;
  /** Applies every domain's rule for a credential change (ServerModule.onCredentials), in the caller's transaction. */
  credentialsChanged(db: Executor, event: CredentialEvent): Promise<void>;
}

export interface RequestContext {
  db: Db;
  config: ServerConfig;
  user: CurrentUser;
  request: FastifyRequest;
  reply: FastifyReply;
  services: AppServices;
}
