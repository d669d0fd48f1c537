import type { RequestContext } from '../../frappe/context';
import { FrappeError, validationError } from '../../frappe/errors';
import { randomToken, sha256 } from '../../frappe/crypto';
import { CLIENT_KEY_PREFIX } from '../../frappe/api-clients';
import type { ApiClient, ApiScope } from '../../../contracts/api-clients';
import { audit } from '../audit/service';
import { branchByName } from '../orders/repository';
import { allClients, insertClient, lockClient, updateClient, type ApiClientRow } from './repository';

/** API clients, managed by a System Manager: every write audited, the secret answered once and stored hashed. */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function clientView(r: ApiClientRow): ApiClient {
  return {
    api_key: r.api_key,
    client_name: r.client_name,
    scopes: r.scopes,
    branch: r.branch,
    created_by: r.created_by,
    created_at: r.created_at.toISOString(),
    rotated_at: iso(r.rotated_at),
    previous_valid_until: iso(r.previous_valid_until),
    revoked_at: iso(r.revoked_at),
    last_used_at: iso(r.last_used_at),
  };
}

/** What the log keeps of a client: never a secret or its hash. */
const logged = (r: ApiClientRow) => ({ client_name: r.client_name, scopes: r.scopes, branch: r.branch });

const notFound = (apiKey: string) =>
  new FrappeError('DoesNotExistError', `API client ${apiKey.slice(0, 80)} not found`, { code: 'api_client_not_found', title: 'Not Found' });

/** The server's clock (tests move it): a rotation's grace period is measured on it, as the sign-in is. */
const nowOf = (ctx: RequestContext) => ctx.request.server.jobs.clock();

export async function createClient(ctx: RequestContext, input: { client_name: string; scopes: ApiScope[]; branch?: string | null }) {
  const branch = input.branch || null;
  if (branch) {
    const row = await branchByName(ctx.db, branch);
    if (!row) throw validationError(`Branch ${branch.slice(0, 80)} not found`, 'branch_not_found');
    if (row.disabled) throw validationError(`Branch ${branch.slice(0, 80)} is disabled`, 'branch_disabled');
  }
  const apiKey = `${CLIENT_KEY_PREFIX}${randomToken(12)}`;
  const secret = randomToken(32);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertClient(tx, {
      api_key: apiKey,
      client_name: input.client_name,
      scopes: input.scopes,
      branch,
      secret_hash: sha256(secret),
      created_by: ctx.user.name,
    });
    await audit(ctx, tx, { action: 'create', doctype: 'API Client', name: apiKey, after: logged(created), branch });
    return created;
  });
  return { client: clientView(row), api_key: apiKey, api_secret: secret };
}

/** A new secret; the old one keeps working for `graceHours` on the server's clock (0: not at all). */
export async function rotateClient(ctx: RequestContext, apiKey: string, graceHours: number) {
  const secret = randomToken(32);
  const now = nowOf(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const before = await lockClient(tx, apiKey);
    if (!before || before.revoked_at) throw notFound(apiKey);
    const after = await updateClient(tx, apiKey, {
      secret_hash: sha256(secret),
      previous_secret_hash: graceHours > 0 ? before.secret_hash : null,
      previous_valid_until: graceHours > 0 ? new Date(now.getTime() + graceHours * 3600_000) : null,
      rotated_at: now,
    });
    await audit(ctx, tx, {
      action: 'rotate_secret',
      doctype: 'API Client',
      name: apiKey,
      before: { rotated_at: iso(before.rotated_at) },
      after: { rotated_at: iso(after.rotated_at), grace_hours: graceHours },
      branch: before.branch,
    });
    return after;
  });
  return { client: clientView(row), api_key: apiKey, api_secret: secret };
}

/** Revoked at once: neither secret signs the client in any more. */
export async function revokeClient(ctx: RequestContext, apiKey: string) {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await lockClient(tx, apiKey);
    if (!before) throw notFound(apiKey);
    if (before.revoked_at) return before;
    const after = await updateClient(tx, apiKey, { revoked_at: nowOf(ctx), previous_secret_hash: null, previous_valid_until: null });
    await audit(ctx, tx, { action: 'revoke', doctype: 'API Client', name: apiKey, before: { revoked_at: null }, after: { revoked_at: iso(after.revoked_at) }, branch: before.branch });
    return after;
  });
  return { client: clientView(row) };
}

export async function listClients(ctx: RequestContext) {
  return (await allClients(ctx.db)).map(clientView);
}
