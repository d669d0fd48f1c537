import { boolean, date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { docColumns } from './common';
import { users } from './auth';

export const customers = pgTable('customers', {
  name: text('name').primaryKey(),
  customer_name: text('customer_name').notNull(),
  user: text('user').notNull().unique().references(() => users.name, { onDelete: 'cascade' }),
  loyalty_program: text('loyalty_program'),
  /** Blocked by the back office: the member's User is disabled too (no sign-in), and no redemption or award. */
  blocked: boolean('blocked').notNull().default(false),
  blocked_reason: text('blocked_reason'),
  blocked_at: timestamp('blocked_at', { withTimezone: true }),
  blocked_by: text('blocked_by'),
  /**
   * The member's tier as last evaluated (on every earning and by the nightly job), and the day it was: what the
   * reports count. Reads of a member's own tier compute it from the ledger and never depend on this copy.
   */
  loyalty_program_tier: text('loyalty_program_tier'),
  tier_evaluated_on: date('tier_evaluated_on', { mode: 'string' }),
  /**
   * When the member's account was erased (their request, or a manager's on it): the customer stays as a
   * pseudonymous id that orders and the ledger keep, with no personal data left anywhere.
   */
  erased_at: timestamp('erased_at', { withTimezone: true }),
  ...docColumns(),
}, (t) => [
  index('customers_creation_idx').on(t.creation),
  // The dashboard's members per tier, counted from this index alone.
  index('customers_tier_idx').on(t.loyalty_program_tier),
]);
