import { pgTable, text } from 'drizzle-orm/pg-core';
import { docColumns } from './common';
import { users } from './auth';

export const customers = pgTable('customers', {
  name: text('name').primaryKey(),
  customer_name: text('customer_name').notNull(),
  user: text('user').notNull().unique().references(() => users.name, { onDelete: 'cascade' }),
  loyalty_program: text('loyalty_program'),
  ...docColumns(),
});
