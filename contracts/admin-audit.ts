import * as v from 'valibot';
import { doctypeContract } from './contract';

/** An Audit Log row as /api/resource/Audit Log answers it (read-only for everyone). */
export const AuditLogSchema = v.looseObject({
  name: v.string(),
  seq: v.optional(v.number()),
  user: v.optional(v.string()),
  role: v.optional(v.string()),
  branch: v.optional(v.nullable(v.string()), null),
  action: v.optional(v.string()),
  ref_doctype: v.optional(v.string()),
  ref_name: v.optional(v.string()),
  before: v.optional(v.record(v.string(), v.unknown())),
  after: v.optional(v.record(v.string(), v.unknown())),
  ip: v.optional(v.nullable(v.string()), null),
  creation: v.optional(v.string()),
});
export type AuditLogEntry = v.InferOutput<typeof AuditLogSchema>;
export const AUDIT_LOG_FIELDS = ['name', 'seq', 'user', 'role', 'branch', 'action', 'ref_doctype', 'ref_name', 'before', 'after', 'ip', 'creation'] as const;

/**
 * Audit Log over /api/resource: Loyalty and System Managers read every row, a Branch Manager the rows of their branch.
 * Who, in which role, for which branch, did what to which document, with only the changed fields before and after;
 * written in the same transaction as the change (Item, Branch, Blog, documents, settings, payments, adjustments,
 * imports, blocks, exports, staff accounts, staff awards and confirmations, rule changes, cancellations, refunds; and
 * the jobs' expiries and cancellations as user `Administrator`, role `Job`). Nothing can create, edit or delete it (no
 * verb is declared, and the table refuses).
 */
export const AUDIT_LOG = doctypeContract('Audit Log', AuditLogSchema, AUDIT_LOG_FIELDS);
