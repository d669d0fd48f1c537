import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { docColumns } from './common';

export const branches = pgTable('branches', {
  name: text('name').primaryKey(),
  branch: text('branch').notNull(),
  address: text('address').notNull().default(''),
  opening_hours: text('opening_hours').notNull().default('08:00-17:30'),
  phone: text('phone'),
  /** A disabled branch takes no new orders; its existing reward orders are still handed over. */
  disabled: boolean('disabled').notNull().default(false),
  ...docColumns(),
});

export const salesInvoices = pgTable(
  'sales_invoices',
  {
    name: text('name').primaryKey(),
    customer: text('customer').notNull(),
    /** purchase | redemption */
    order_type: text('order_type').notNull(),
    posting_date: date('posting_date', { mode: 'string' }).notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    total: numeric('total', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    shipping_fee: numeric('shipping_fee', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    discount_amount: numeric('discount_amount', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    grand_total: numeric('grand_total', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    loyalty_points: integer('loyalty_points').notNull().default(0),
    points_earned: integer('points_earned').notNull().default(0),
    payment_method: text('payment_method').notNull(),
    delivery_method: text('delivery_method'),
    branch: text('branch'),
    customer_address: text('customer_address'),
    shipping_address_name: text('shipping_address_name'),
    address_display: text('address_display'),
    /**
     * A reward order's code for the till (QR, barcode, typed): 16 random Crockford base-32 characters (80 bits),
     * so one order's code says nothing about another's. Null for purchases.
     */
    reward_code: text('reward_code'),
    /**
     * Cancelled orders (status Cancelled): who or what cancelled them (member, manager, uncollected, unpaid), when,
     * and the manager's reason. A cancelled order's points and stock are back; it counts for no per-member limit.
     */
    cancel_reason: text('cancel_reason'),
    cancel_note: text('cancel_note'),
    cancelled_by: text('cancelled_by'),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    /** Baht refunded of a paid purchase so far (refunds add up to at most grand_total). */
    refunded_amount: numeric('refunded_amount', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    ...docColumns(),
  },
  (t) => [
    index('si_customer_idx').on(t.customer),
    index('si_creation_idx').on(t.creation, t.name),
    uniqueIndex('si_reward_code_uq').on(t.reward_code),
    // The jobs look for orders past their due (valid-until) day in one state; the reports read a range of days.
    index('si_status_due_idx').on(t.status, t.due_date),
    index('si_posting_idx').on(t.posting_date),
  ],
);

export const salesInvoiceItems = pgTable(
  'sales_invoice_items',
  {
    id: serial('id').primaryKey(),
    parent: text('parent').notNull(),
    item_code: text('item_code').notNull(),
    item_name: text('item_name').notNull(),
    image: text('image'),
    qty: integer('qty').notNull(),
    rate: numeric('rate', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    loyalty_points: integer('loyalty_points').notNull().default(0),
  },
  // Per-member limits read a member's lines of one item; an item in use may not be deleted.
  (t) => [index('sii_parent_idx').on(t.parent), index('sii_item_code_idx').on(t.item_code)],
);

/** One per redeemed reward: Draft ("coupon can be used") until staff confirm it (Submitted). */
export const deliveryNotes = pgTable(
  'delivery_notes',
  {
    name: text('name').primaryKey(),
    sales_invoice: text('sales_invoice').notNull(),
    customer: text('customer').notNull(),
    branch: text('branch'),
    status: text('status').notNull().default('Draft'),
    /** The order line this note hands over (null on notes written before lines were linked). */
    sales_invoice_item: integer('sales_invoice_item'),
    submitted_by: text('submitted_by'),
    submitted_at: timestamp('submitted_at', { withTimezone: true }),
    /** A note whose reward will never be handed over (status Cancelled): the order was cancelled or not collected in time. */
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    ...docColumns(),
  },
  (t) => [index('dn_invoice_idx').on(t.sales_invoice), index('dn_cancelled_idx').on(t.cancelled_at)],
);

/**
 * Refunds of paid purchases: the baht given back and the points it took back in proportion to what the order
 * earned. What the member had already spent could not be taken (the balance never goes below zero): that is the
 * shortfall, kept here so managers see it.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    name: text('name').primaryKey(),
    sales_invoice: text('sales_invoice').notNull(),
    customer: text('customer').notNull(),
    branch: text('branch'),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** The business day of the refund: from then on the order's points no longer count toward the tier. */
    posting_date: date('posting_date', { mode: 'string' }).notNull(),
    /** The points this refund had to take back (proportion of the order's points_earned). */
    points_due: integer('points_due').notNull(),
    points_reversed: integer('points_reversed').notNull(),
    points_shortfall: integer('points_shortfall').notNull(),
    /** Points the order had spent, given back when the refund made the order fully refunded. */
    points_returned: integer('points_returned').notNull().default(0),
    reason: text('reason').notNull(),
    created_by: text('created_by').notNull(),
    creation: timestamp('creation', { mode: 'string', precision: 6 }).notNull().defaultNow(),
  },
  (t) => [index('order_refunds_invoice_idx').on(t.sales_invoice), index('order_refunds_customer_idx').on(t.customer, t.creation)],
);

export const staffActions = pgTable(
  'staff_actions',
  {
    id: serial('id').primaryKey(),
    staff_user: text('staff_user').notNull(),
    branch: text('branch'),
    action: text('action').notNull(),
    target: text('target').notNull(),
    detail: text('detail').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_actions_branch_idx').on(t.branch, t.created_at),
    /** A receipt number earns points once per branch (target = the receipt number of an award). */
    uniqueIndex('staff_actions_receipt_uq').on(t.branch, t.target).where(sql`${t.action} = 'award_points'`),
  ],
);
