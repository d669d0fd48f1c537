import type { Executor } from '../../db/client';
import type { RequestContext } from '../../frappe/context';
import type { DocChange, DoctypeDef } from '../../frappe/doctypes';
import { insertAudit } from './repository';
import { AUDIT_DOCTYPES, type AuditAction, type AuditDoctype, type AuditRole } from '../../../contracts/admin';

/** The role a user acts in, for the log: the most privileged back-office role they hold. */
const ROLE_ORDER: readonly AuditRole[] = ['System Manager', 'Loyalty Manager', 'Branch Manager', 'Store Staff', 'Blog Manager', 'Member'];
export const actingRole = (roles: readonly string[]): AuditRole => ROLE_ORDER.find((r) => roles.includes(r)) ?? 'Guest';

/** Bookkeeping columns every document has: they change on every write and say nothing about it. */
const NOISE = new Set(['modified', 'creation', 'owner']);

const plain = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value === undefined ? null : value);
const same = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b));

/** The fields that differ between two versions of a document: their values before and after. */
export function changedFields(before: Record<string, unknown> = {}, after: Record<string, unknown> = {}, hidden: readonly string[] = []) {
  const out = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (NOISE.has(key) || hidden.includes(key) || same(before[key], after[key])) continue;
    if (key in before && before[key] !== null) out.before[key] = plain(before[key]);
    if (key in after && after[key] !== null) out.after[key] = plain(after[key]);
  }
  return out;
}

export interface AuditEntry {
  action: AuditAction;
  doctype: AuditDoctype;
  name: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** The branch the change concerns; defaults to the actor's own. */
  branch?: string | null;
  /** Fields never copied into the log (secrets). */
  hidden?: readonly string[];
}

/** Who acted: a signed-in user, or a job (the scheduler acts as Administrator, in the role Job). */
export interface Actor {
  user: string;
  role: AuditRole;
  branch: string | null;
  ip: string | null;
}

export const JOB_ACTOR: Actor = { user: 'Administrator', role: 'Job', branch: null, ip: null };

export const actorOf = (ctx: RequestContext): Actor => ({
  user: ctx.user.name,
  // An API client acts as itself (its key is the user), never in a user's role.
  role: ctx.user.client ? 'API Client' : actingRole(ctx.user.roles),
  branch: ctx.user.branch,
  ip: ctx.request.ip ?? null,
});

/**
 * Writes who did what, in the caller's transaction: the row commits with the change or not at all. Only the
 * fields that changed are kept, with their values before and after.
 */
export async function auditAs(actor: Actor, tx: Executor, entry: AuditEntry) {
  const diff = changedFields(entry.before, entry.after, entry.hidden);
  await insertAudit(tx, {
    user: actor.user,
    role: actor.role,
    branch: entry.branch === undefined ? actor.branch : entry.branch,
    action: entry.action,
    ref_doctype: entry.doctype,
    ref_name: entry.name,
    before: diff.before,
    after: diff.after,
    ip: actor.ip,
  });
}

/** auditAs the signed-in caller. */
export function audit(ctx: RequestContext, tx: Executor, entry: AuditEntry) {
  return auditAs(actorOf(ctx), tx, entry);
}

/** A doctype whose every create, update and delete over /api/resource is logged in the same transaction. */
export function audited(dt: DoctypeDef, branchOf?: (change: DocChange) => string | null | undefined): DoctypeDef {
  // The log names only the kinds of record the back office can say in words: a new audited doctype joins the list.
  const doctype = AUDIT_DOCTYPES.find((d) => d === dt.doctype);
  if (!doctype) throw new Error(`${dt.doctype} is audited but is not in AUDIT_DOCTYPES (contracts/admin.ts)`);
  const previous = dt.onWrite;
  return {
    ...dt,
    async onWrite(ctx, tx, change) {
      await previous?.(ctx, tx, change);
      await audit(ctx, tx, { action: change.op, doctype, name: change.name, before: change.before, after: change.after, branch: branchOf?.(change) });
    },
  };
}
