import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { docColumns } from './common';

export const addresses = pgTable(
  'addresses',
  {
    name: text('name').primaryKey(),
    customer: text('customer').notNull(),
    address_title: text('address_title').notNull().default(''),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    address_line1: text('address_line1').notNull(),
    address_line2: text('address_line2'),
    city: text('city').notNull(),
    state: text('state'),
    country: text('country').notNull(),
    pincode: text('pincode').notNull(),
    phone: text('phone'),
    is_primary_address: integer('is_primary_address').notNull().default(0),
    is_shipping_address: integer('is_shipping_address').notNull().default(0),
    ...docColumns(),
  },
  (t) => [index('addresses_customer_idx').on(t.customer)],
);
