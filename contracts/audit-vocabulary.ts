/**
 * The audit log's vocabulary, in a module of its own so the back office's address schema can read it without
 * the admin contracts. What the server writes in the Audit Log: every action, kind of record (ref_doctype) and acting role, a closed
 * set. The server's audit entries are typed by these lists, and the back office has a sentence for each in both
 * languages (tests/src/features/back-office/audit-changes.test.ts fails for one without).
 */
export const AUDIT_ACTIONS = [
  'create', 'update', 'delete', 'block', 'unblock', 'adjust_points', 'import_points', 'award_points', 'expire_points',
  'confirm_reward', 'expire_reward', 'confirm_payment', 'cancel_order', 'refund_order', 'update_rules', 'send_password_reset',
  'export', 'broadcast', 'publish', 'erase', 'record_request', 'send_erasure_code',
  'rotate_secret', 'revoke', 'lookup_member', 'reverse_points', 'hold_points', 'capture_points', 'release_points',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_DOCTYPES = [
  'Item', 'Branch', 'Customer', 'Loyalty Point Entry', 'Points Import', 'User', 'Sales Invoice', 'Loyalty Program', 'Settings',
  'Export', 'Broadcast', 'Privacy Notice', 'Privacy Request', 'Personal Data', 'Blog Post', 'Blog Category', 'Information Document', 'Terms and Conditions Document', 'Condition of redeem items',
  'API Client', 'Points Hold',
] as const;
export type AuditDoctype = (typeof AUDIT_DOCTYPES)[number];
/**
 * The roles a user acts in, Job: the scheduler (expiring points and uncollected rewards), and API Client: one of the
 * brand's own systems (its key is the log's user).
 */
export const AUDIT_ROLES = ['System Manager', 'Loyalty Manager', 'Branch Manager', 'Store Staff', 'Blog Manager', 'Member', 'Job', 'Guest', 'API Client'] as const;
export type AuditRole = (typeof AUDIT_ROLES)[number];
