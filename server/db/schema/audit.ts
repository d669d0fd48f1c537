import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who changed what in the back office and at the till: one row per write, in the same transaction as the
 * write. Append-only: a trigger refuses any UPDATE, DELETE or TRUNCATE (migration 0004), and no API writes it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    name: text('name').primaryKey(),
    /** Insertion order: the list's order and the export's cursor. */
    seq: serial('seq').notNull().unique(),
    user: text('user').notNull(),
    /** The role the user acted in (their most privileged back-office role). */
    role: text('role').notNull(),
    /** The branch the change concerns (the actor's, or the staff account's), so a Branch Manager sees it. */
    branch: text('branch'),
    action: text('action').notNull(),
    ref_doctype: text('ref_doctype').notNull(),
    ref_name: text('ref_name').notNull(),
    /** Only the fields that changed: their values before and after (before is {} for a new document). */
    before: jsonb('before').notNull().default({}),
    after: jsonb('after').notNull().default({}),
    ip: text('ip'),
    creation: timestamp('creation', { mode: 'string', precision: 6 }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_branch_idx').on(t.branch, t.seq),
    index('audit_log_ref_idx').on(t.ref_doctype, t.ref_name),
    index('audit_log_user_idx').on(t.user, t.seq),
  ],
);

/** Committed point imports, by the hash of their content: the same file commits once. */
export const pointImports = pgTable('point_imports', {
  content_hash: text('content_hash').primaryKey(),
  user: text('user').notNull(),
  rows: integer('rows').notNull(),
  total_points: integer('total_points').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
