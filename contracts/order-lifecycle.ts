import * as v from 'valibot';
import { optionalText, pageArgs, requiredText, yesNo } from './args';
import { doctypeContract, methodContract } from './contract';
import { OrderSchema, SALES_INVOICE_FIELDS } from './orders';

/**
 * The life of an order after it was placed: a member cancels an unused reward, a manager cancels an unused reward
 * or an unpaid purchase with a reason, a manager refunds a paid purchase (its points taken back in proportion), and
 * the jobs cancel what was never collected or never paid. A confirmed (used) reward is never cancelled.
 */

export const ORDER_LIFECYCLE_METHODS = {
  cancelRewardOrder: 'member_rewards.orders.cancel_reward_order',
  cancelOrder: 'member_rewards.orders.cancel_order',
  refundOrder: 'member_rewards.orders.refund_order',
  listRefunds: 'member_rewards.orders.list_refunds',
} as const;

/** Who or what cancelled an order (Sales Invoice `cancel_reason`). */
export const CANCEL_REASONS = ['member', 'manager', 'uncollected', 'unpaid'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Sales Invoice statuses the lifecycle adds: Cancelled, and Refunded once refunds reach the grand total. */
export const ORDER_STATUSES = ['Unpaid', 'Paid', 'Cancelled', 'Refunded'] as const;

const orderArg = requiredText('Order is required', 140);

export const CancelRewardOrderArgs = v.looseObject({ order: orderArg });

export const CancelOrderArgs = v.looseObject({
  order: orderArg,
  /** Why (shown to managers and kept in the audit log). */
  reason: requiredText('Reason is required', 500, 'Reason must be at most 500 characters'),
});

export const CancelAnswer = v.object({
  order: v.string(),
  status: v.string(),
  cancel_reason: v.nullable(v.picklist(CANCEL_REASONS)),
  /** Points given back to the batches they came from (with those batches' expiry dates). */
  points_returned: v.number(),
  /** Units put back into counted stock. */
  stock_returned: v.array(v.object({ item_code: v.string(), qty: v.number() })),
  /** Delivery Notes that will never be handed over now. */
  delivery_notes: v.array(v.string()),
  /** The member's balance afterwards. */
  loyalty_points: v.number(),
});
export type CancelResult = v.InferOutput<typeof CancelAnswer>;

export const REFUND_MAX = 10_000_000;

export const RefundOrderArgs = v.looseObject({
  order: orderArg,
  /** Baht refunded now (refunds of one order add up to at most its grand total). */
  amount: v.pipe(
    v.union([v.number('Amount must be a number'), v.pipe(v.string('Amount must be a number'), v.trim(), v.regex(/^\d{1,8}(\.\d{1,2})?$/, 'Amount must be a number with at most two decimals'), v.transform(Number))], 'Amount must be a number'),
    v.finite('Amount must be a number'),
    v.minValue(0.01, 'Amount must be more than 0'),
    v.maxValue(REFUND_MAX, `Amount must be at most ${REFUND_MAX}`),
    v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Amount must have at most two decimals'),
  ),
  reason: requiredText('Reason is required', 500, 'Reason must be at most 500 characters'),
});

export const RefundSchema = v.object({
  name: v.string(),
  order: v.string(),
  customer: v.string(),
  branch: v.nullable(v.string()),
  amount: v.number(),
  posting_date: v.string(),
  /** Points the refund had to take back: the order's earned points in proportion to the baht refunded. */
  points_due: v.number(),
  points_reversed: v.number(),
  /** What could not be taken back because the member had already spent it (the balance never goes below 0). */
  points_shortfall: v.number(),
  /** Points the order had spent, given back when it became fully refunded. */
  points_returned: v.number(),
  reason: v.string(),
  created_by: v.string(),
  creation: v.string(),
});
export type Refund = v.InferOutput<typeof RefundSchema>;

export const RefundAnswer = v.object({
  refund: RefundSchema,
  status: v.string(),
  grand_total: v.number(),
  refunded_amount: v.number(),
  loyalty_points: v.number(),
});

export const ListRefundsArgs = v.looseObject({
  customer: optionalText(140, 'Customer must be at most 140 characters'),
  order: optionalText(140, 'Order must be at most 140 characters'),
  /** Only refunds that left a shortfall. */
  shortfall_only: v.optional(yesNo('shortfall_only must be 0 or 1'), false),
  ...pageArgs(200),
});

export const ListRefundsAnswer = v.object({ rows: v.array(RefundSchema), total: v.number(), shortfall_points: v.number() });

// ------------------------------------------------------------------------------------------- contracts

const L = ORDER_LIFECYCLE_METHODS;

/**
 * The member's own: an unused reward order (nothing handed over) up to its valid-until day becomes Cancelled in one
 * transaction with the order's row locked and a conditional update (five at once: one goes through). The points it
 * spent go back to the batches they came from, with those batches' expiry dates (points returned to a batch that has
 * expired meanwhile expire at once: a `refund` and an `expire`/`expired_on_return` line); counted stock comes back, the
 * per-member limit stops counting it, its notes are Cancelled. Refusals: `reward_used` (handed over), `reward_expired`,
 * `order_cancelled`, `not_cancellable` (a purchase); someone else's order is 404 `order_not_found`. Audited.
 */
export const CANCEL_REWARD_ORDER = methodContract(L.cancelRewardOrder, CancelRewardOrderArgs, CancelAnswer);

/**
 * A Loyalty Manager any order, a Branch Manager the reward orders of their branch (`not_your_branch`): an unused reward
 * order or an unpaid purchase, like the member's cancellation (points back with their expiry, stock back), with the
 * reason kept on the order (`cancel_note`) and in the audit log; a paid purchase is refunded instead (`order_paid`);
 * `reward_used`, `order_cancelled`.
 */
export const CANCEL_ORDER = methodContract(L.cancelOrder, CancelOrderArgs, CancelAnswer);

/**
 * Needs an `Idempotency-Key`. Baht given back on a paid purchase (all refunds of an order add up to at most its grand
 * total: `refund_too_large`; an unpaid one is cancelled instead: `order_not_paid`). The points it earned are taken back
 * in proportion to the baht refunded (all of them once fully refunded), from the order's own batch first then soonest
 * expiry first, never below a zero balance: what the member had already spent is the `points_shortfall`, kept on the
 * refund. Fully refunded, the order is Refunded and the points it spent come back. Audited.
 */
export const REFUND_ORDER = methodContract(L.refundOrder, RefundOrderArgs, RefundAnswer);

/** Refunds newest first with their points due, reversed and short, and the shortfall points they add up to. */
export const LIST_REFUNDS = methodContract(L.listRefunds, ListRefundsArgs, ListRefundsAnswer);

/** An order as the back office reads it: the member's view plus who it belongs to and what became of it. */
export const ManagedOrderSchema = v.looseObject({
  ...OrderSchema.entries,
  customer: v.string(),
  cancel_reason: v.optional(v.nullable(v.string()), null),
  /** The reason a manager typed when cancelling (a single read by a manager only). */
  cancel_note: v.optional(v.nullable(v.string()), null),
  cancelled_at: v.optional(v.nullable(v.string()), null),
  refunded_amount: v.optional(v.number(), 0),
  creation: v.optional(v.string(), ''),
});
export type ManagedOrder = v.InferOutput<typeof ManagedOrderSchema>;

/**
 * An order as the back office reads it: the member's view plus who it belongs to and what became of it; `cancel_note`
 * (the reason a manager typed when cancelling) is read by managers only.
 */
export const MANAGED_SALES_INVOICE = doctypeContract('Sales Invoice', ManagedOrderSchema, SALES_INVOICE_FIELDS);

/** The list's columns (a page of many orders reads no lines). */
export const MANAGED_ORDER_FIELDS = [
  'name', 'customer', 'order_type', 'posting_date', 'status', 'grand_total', 'loyalty_points', 'points_earned', 'branch',
  'cancel_reason', 'refunded_amount', 'creation',
];
