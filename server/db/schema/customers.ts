import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
  ...docColumns(),
});
