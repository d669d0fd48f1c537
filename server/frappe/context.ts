import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Executor } from '../db/client';
import type { ServerConfig } from '../config';
import type { Role } from '../db/schema/auth';
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
