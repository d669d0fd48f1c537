import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { docColumns } from './common';

export const ROLES = ['Member', 'Store Staff', 'Branch Manager', 'Loyalty Manager', 'Blog Manager', 'System Manager'] as const;
export type Role = (typeof ROLES)[number];

export const users = pgTable(
  'users',
  {
    name: text('name').primaryKey(),
    /**
     * An address the account signs in with or is reached at. Only a verified one is reserved (unique, compared
     * case-insensitively): typing an address into a profile or a sign-up form claims nothing.
     */
    email: text('email'),
    /** Set when control of `email` is proven (a mailed link used) or vouched for (an administrator created the account). */
    email_verified: boolean('email_verified').notNull().default(false),
    full_name: text('full_name').notNull().default(''),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    user_image: text('user_image'),
    mobile_no: text('mobile_no').unique(),
    phone_verified: boolean('phone_verified').notNull().default(false),
    id_card_number: text('id_card_number'),
    birth_date: date('birth_date', { mode: 'string' }),
    line_sub: text('line_sub').unique(),
    password_hash: text('password_hash'),
    user_type: text('user_type').notNull().default('Website User'),
    roles: text('roles').array().notNull().default([]),
    /** Store Staff and Branch Managers belong to one branch. */
    branch: text('branch'),
    /** Store Staff: the most points this account may award in one business day (null: no limit of its own). */
    daily_award_cap: integer('daily_award_cap'),
    language: text('language').notNull().default('th'),
    enabled: boolean('enabled').notNull().default(true),
    ...docColumns(),
  },
  (t) => [uniqueIndex('users_verified_email_uq').on(sql`lower(${t.email})`).where(sql`${t.email_verified}`)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the sid cookie: a database leak does not hand out live sessions. */
    sid_hash: text('sid_hash').primaryKey(),
    user: text('user').notNull().references(() => users.name, { onDelete: 'cascade' }),
    csrf_token: text('csrf_token').notNull(),
    device: text('device').notNull().default('browser'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.user)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    api_key: text('api_key').primaryKey(),
    user: text('user').notNull().references(() => users.name, { onDelete: 'cascade' }),
    secret_hash: text('secret_hash').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Past this the key signs nobody in (API_TOKEN_TTL_DAYS when issued; keys older than the column, 30 days from then). */
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull().default(sql`now() + interval '30 days'`),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.user)],
);

/** Counters shared by every server instance (login, OTP and other limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  window_start: timestamp('window_start', { withTimezone: true }).notNull(),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    principal: text('principal').notNull(),
    key: text('key').notNull(),
    request_hash: text('request_hash').notNull(),
    state: text('state').notNull().default('running'),
    status_code: integer('status_code'),
    response_body: text('response_body'),
    content_type: text('content_type'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.principal, t.key] })],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    user: text('user').notNull(),
    purpose: text('purpose').notNull().default('verify'),
    code_hash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('otp_phone_idx').on(t.phone)],
);

/** Password reset keys (reset_password / update_password): only a hash of the mailed key, single use, short-lived. */
export const passwordResets = pgTable(
  'password_resets',
  {
    key_hash: text('key_hash').primaryKey(),
    user: text('user').notNull().references(() => users.name, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('password_resets_user_idx').on(t.user)],
);

/** Development mail adapter: what would have been sent (refused in production). */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Development SMS adapter: what would have been sent (refused in production). */
export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  phone: text('phone').notNull(),
  body: text('body').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per-device secret for rotating member codes; revoked at sign-out or sign-in elsewhere. */
export const memberDevices = pgTable(
  'member_devices',
  {
    id: text('id').primaryKey(),
    user: text('user').notNull().references(() => users.name, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    /** The number that starts the member code (contracts/member-code.ts): finds the device in one read. */
    code_no: serial('code_no').notNull().unique(),
    /** The last time step of a code used for an award: that step and earlier ones are refused (no replay). */
    last_used_step: integer('last_used_step'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('member_devices_user_idx').on(t.user)],
);

/** Key/value settings; the code holds each one's default (shipping fee, discount, caps...). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
