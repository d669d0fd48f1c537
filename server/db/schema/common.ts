import { text, timestamp } from 'drizzle-orm/pg-core';

/** Frappe's standard document columns: every doctype exposed over /api/resource has them. */
export const docColumns = () => ({
  owner: text('owner').notNull().default('Administrator'),
  creation: timestamp('creation', { mode: 'string', precision: 6 }).notNull().defaultNow(),
  modified: timestamp('modified', { mode: 'string', precision: 6 }).notNull().defaultNow(),
});
