import { ADJUSTMENT_METHODS } from './admin-adjustments';
import { EXPORT_METHODS } from './admin-exports';
import { IMPORT_METHODS } from './admin-imports';
import { MEMBER_METHODS } from './admin-members';
import { STAFF_ACCOUNT_METHODS } from './admin-staff';

/**
 * The back office's contracts, one module per domain: members and blocking (admin-members.ts), point adjustments and
 * their reasons (admin-adjustments.ts), the points import (admin-imports.ts), staff accounts (admin-staff.ts), the
 * exports (admin-exports.ts) and the Audit Log doctype (admin-audit.ts). This module gathers them for the code that
 * reads the back office as a whole, and holds who the back office is for. Each method's request schema is its
 * `args` on the server and its answer schema its `returns`; the admin screens use the same schemas.
 */

export const ADMIN_METHODS = { ...MEMBER_METHODS, ...ADJUSTMENT_METHODS, ...IMPORT_METHODS, ...EXPORT_METHODS, ...STAFF_ACCOUNT_METHODS } as const;

/** Roles of the back office. System Manager may do everything; a Branch Manager only for their own branch. */
export const BACK_OFFICE_ROLES = ['System Manager', 'Loyalty Manager', 'Branch Manager'] as const;

/** What a Loyalty Point Entry is to the balance: contracts/loyalty.ts. */
export { ENTRY_TYPES, type EntryType } from './loyalty';
export { AUDIT_ACTIONS, AUDIT_DOCTYPES, AUDIT_ROLES, type AuditAction, type AuditDoctype, type AuditRole } from './audit-vocabulary';

export * from './admin-members';
export * from './admin-adjustments';
export * from './admin-imports';
export * from './admin-exports';
export * from './admin-staff';
export * from './admin-audit';
