import { bigserial, boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The privacy notice as dated versions (Thai and English): a manager publishes a new version, never edits one, so
 * what a member agreed to can always be read back. The current notice is the highest version.
 */
export const privacyNotices = pgTable('privacy_notices', {
  version: integer('version').primaryKey(),
  /** { th, en } */
  title: jsonb('title').notNull(),
  intro: jsonb('intro').notNull(),
  /** [{ title: { th, en }, body: { th, en } }] */
  sections: jsonb('sections').notNull(),
  published_by: text('published_by').notNull(),
  published_at: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The consent ledger: one row per consent given or withdrawn, by purpose (contracts/privacy.ts CONSENT_PURPOSES),
 * with the notice version agreed to and where it was given. A member's consent is their latest row of the purpose.
 * Append-only: a trigger refuses any UPDATE, DELETE or TRUNCATE (migration 0016). Keyed by the customer, which an
 * erasure keeps as the pseudonymous member id, so the record of what was agreed outlives the personal data.
 */
export const privacyConsents = pgTable(
  'privacy_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customer: text('customer').notNull(),
    purpose: text('purpose').notNull(),
    granted: boolean('granted').notNull(),
    /** The notice version agreed to (privacy_notice only). */
    version: integer('version'),
    /** Where: sign_in, liff, settings, back_office (contracts/privacy.ts CONSENT_SOURCES). */
    source: text('source').notNull(),
    /** Who recorded it: the member, or the manager acting on the member's behalf. */
    recorded_by: text('recorded_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('privacy_consents_member_idx').on(t.customer, t.purpose, t.id)],
);

/**
 * A member's requests under the privacy law: a copy of their data (access, answered within 30 days) or erasure
 * (within 90 days), with the day it is due and when and by whom it was completed.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: serial('id').primaryKey(),
    customer: text('customer').notNull(),
    /** access | erasure */
    kind: text('kind').notNull(),
    /** open | completed */
    status: text('status').notNull().default('open'),
    /** app | back_office */
    channel: text('channel').notNull(),
    requested_at: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    completed_by: text('completed_by'),
  },
  (t) => [index('privacy_requests_status_idx').on(t.status, t.due_date), index('privacy_requests_customer_idx').on(t.customer)],
);

/**
 * Every back-office view of a member's personal data: who (user, role, branch), which member, what (the member
 * page, a search result, an export), when and from where. Read by System Managers; dropped after the retention
 * period (settings `privacy.access_log_days`).
 */
export const personalDataAccess = pgTable(
  'personal_data_access',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user: text('user').notNull(),
    role: text('role').notNull(),
    branch: text('branch'),
    customer: text('customer').notNull(),
    /** member_page | search | export */
    what: text('what').notNull(),
    ip: text('ip'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pda_created_idx').on(t.created_at, t.id),
    index('pda_customer_idx').on(t.customer, t.created_at),
    index('pda_user_idx').on(t.user, t.created_at),
  ],
);
