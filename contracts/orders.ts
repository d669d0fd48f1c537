import * as v from 'valibot';
import { numeric, offsetArg } from './args';
import { doctypeContract, methodContract } from './contract';
import { OrderItemsArg, PlaceOrderArgs, type OrderLine, type OrderLineInput } from './order-payload';

/**
 * Orders: a gift redemption (paid in points, collected at a branch) and a purchase (delivered or picked up, paid
 * by bank transfer), both placed by headless_e_commerce.api.place_order as a Sales Invoice with one delivery note
 * per reward line; the member's orders (getorders, the Sales Invoice doctype), the checkout's totals, and what
 * became of a write whose answer was lost (request_status).
 */

export type { DeliveryMethod, OrderLine, PurchasePayload, RedemptionPayload } from './order-payload';

const text = v.optional(v.nullable(v.string()), null);

const OrderLineSchema = v.looseObject({
  item_code: v.string(),
  item_name: v.string(),
  image: text,
  qty: v.number(),
  rate: v.optional(v.number(), 0),
  amount: v.optional(v.number(), 0),
  loyalty_points: v.optional(v.number(), 0),
});

/** A reward line's delivery note: Draft until staff hand the reward over (Submitted). */
const DeliveryNoteSchema = v.looseObject({
  name: v.string(),
  status: v.string(),
  branch: text,
  submitted_at: text,
});

/** The shipping address in parts, while the saved address still reads as it did when ordered. */
const ShippingAddressSchema = v.looseObject({
  first_name: v.optional(v.nullable(v.string())),
  last_name: v.optional(v.nullable(v.string())),
  address_title: v.optional(v.nullable(v.string())),
  address_line1: v.optional(v.nullable(v.string())),
  address_line2: v.optional(v.nullable(v.string())),
  city: v.optional(v.nullable(v.string())),
  state: v.optional(v.nullable(v.string())),
  country: v.optional(v.nullable(v.string())),
  pincode: v.optional(v.nullable(v.union([v.string(), v.number()]))),
  phone: v.optional(v.nullable(v.string())),
});

/** An order as getorders lists it and as a Sales Invoice read gives it (with its lines and delivery notes). */
export const OrderSchema = v.looseObject({
  name: v.string(),
  order_type: v.optional(v.string(), 'purchase'),
  posting_date: v.string(),
  due_date: text,
  status: v.optional(v.string(), ''),
  total: v.optional(v.number(), 0),
  shipping_fee: v.optional(v.number(), 0),
  discount_amount: v.optional(v.number(), 0),
  grand_total: v.optional(v.number(), 0),
  loyalty_points: v.optional(v.number(), 0),
  points_earned: v.optional(v.number(), 0),
  payment_method: text,
  delivery_method: text,
  branch: text,
  /** The shipping address as text. */
  address: text,
  /** A reward order's till code (contracts/reward-code.ts); only its member is sent it. */
  reward_code: text,
  shipping_address: v.optional(v.nullable(ShippingAddressSchema), null),
  items: v.optional(v.array(OrderLineSchema), []),
  delivery_notes: v.optional(v.array(DeliveryNoteSchema), []),
});
export type Order = v.InferOutput<typeof OrderSchema>;

/** The columns of a Sales Invoice over /api/resource; a single read adds its lines, delivery notes and address. */
export const SALES_INVOICE_FIELDS = [
  'name', 'customer', 'order_type', 'posting_date', 'due_date', 'status', 'total', 'shipping_fee', 'discount_amount',
  'grand_total', 'loyalty_points', 'points_earned', 'payment_method', 'delivery_method', 'branch', 'customer_address',
  'shipping_address_name', 'address_display', 'cancel_reason', 'cancelled_at', 'refunded_amount', 'owner', 'creation', 'modified',
] as const;

/**
 * Sales Invoice over /api/resource (a reward order or a purchase), read-only (place_order writes them): a member reads
 * their own, Store Staff and Branch Managers their branch's, a Loyalty Manager every one. A single read adds `items`,
 * `delivery_notes` and `address`, and `reward_code` for its member only.
 */
export const SALES_INVOICE = doctypeContract('Sales Invoice', OrderSchema, SALES_INVOICE_FIELDS);

/**
 * The member's own orders, newest first, with `items` and `delivery_notes` (`status`: Draft / Submitted / Cancelled),
 * `status` (Unpaid, Paid, Cancelled, Refunded), `cancel_reason` (`member`, `manager`, `uncollected`, `unpaid`),
 * `cancelled_at`, `refunded_amount`.
 *
 * `limit` is at most 100; `order_type` is `redemption` or `purchase`.
 */
export const GET_ORDERS = methodContract(
  'honda_api.api_calls.getuser.getorders',
  v.looseObject({
    start: v.optional(offsetArg()),
    limit: v.optional(v.pipe(numeric(), v.integer(), v.minValue(1), v.maxValue(100))),
    // The coupon screens read reward orders only, so a member's purchases never crowd them out of a page.
    order_type: v.optional(v.picklist(['redemption', 'purchase'], 'Order type must be redemption or purchase')),
  }),
  v.array(OrderSchema),
);

/** What place_order answers: the new order, its points and, for a redemption, the code shown at the till. */
export const PlacedOrderSchema = v.looseObject({
  name: v.string(),
  order_type: v.optional(v.string()),
  status: v.optional(v.string()),
  posting_date: v.optional(v.string()),
  grand_total: v.number(),
  loyalty_points: v.optional(v.number()),
  points_earned: v.optional(v.number()),
  branch: v.optional(v.nullable(v.string())),
  reward_code: v.optional(v.nullable(v.string())),
  /** The names of the reward lines' delivery notes. */
  delivery_notes: v.optional(v.array(v.string())),
});
export type PlacedOrder = v.InferOutput<typeof PlacedOrderSchema>;

/**
 * A gift redemption `{loyalty_points, items, payment_method, branch}` or a checkout `{billing_address,
 * shipping_address, use_different_shipping, loyalty_points, items, payment_method, delivery_method: delivery|pickup,
 * branch (pickup)}`; optional `order_type`. The server prices everything (the client's points must equal its price,
 * else 417) and spends points FIFO by expiry in one transaction with the member's row locked, in which it also refuses
 * a blocked member (403 `member_blocked`), a reward outside the member's tier (`tier_not_eligible`), more units than
 * the member's limit over all their orders (`over_member_limit`) and more units than the counted stock (`out_of_stock`;
 * the stock never goes below zero, and `in_stock` follows it); a disabled branch takes no order (`branch_disabled`); a
 * member who never verified a phone is refused (403 `phone_not_verified`). It announces the points it earns (the
 * programme's earning rule of the day on the goods after discount: baht per point, the member's tier multiplier, the
 * best campaign per line by item group, branch and tier, the rounding rule; posted at once when nothing is left to pay,
 * else when the payment is confirmed) and writes one Draft Delivery Note per reward line; a redemption gets a random
 * `reward_code`, linked to its line; `due_date` is a reward's valid-until day (rule `reward_valid_days`) or a
 * transfer's due day (`purchase_due_days`). The payload is checked field by field in the order of the app's forms
 * (`PlaceOrderArgs`).
 */
export const PLACE_ORDER = methodContract(
  'headless_e_commerce.api.place_order',
  PlaceOrderArgs,
  PlacedOrderSchema,
);

export const CheckoutTotalsSchema = v.looseObject({
  items: v.array(
    v.looseObject({
      item_code: v.string(),
      item_name: v.string(),
      image: text,
      qty: v.number(),
      amount: v.number(),
      formatted_amount: v.string(),
      loyalty_points: v.number(),
    }),
  ),
  total: v.number(),
  shipping_fee: v.number(),
  discount_amount: v.number(),
  grand_total: v.number(),
  formatted_total: v.string(),
  formatted_shipping_fee: v.string(),
  formatted_discount_amount: v.string(),
  formatted_grand_total: v.string(),
  loyalty_points: v.number(),
  points_to_earn: v.number(),
});
export type CheckoutTotals = v.InferOutput<typeof CheckoutTotalsSchema>;

/**
 * The totals place_order will charge for these lines: `total`, `shipping_fee` (setting `shipping_fee`, 59; delivery
 * only), `discount_amount` (setting `checkout_discount`, 99; never above the goods), `grand_total`, `loyalty_points`,
 * `points_to_earn`; `items` is checked as place_order checks it.
 */
export const CHECKOUT_TOTALS = methodContract(
  'member_rewards.api.checkout_totals',
  v.object({
    delivery_method: v.optional(v.picklist(['delivery', 'pickup'], 'Delivery method must be delivery or pickup')),
    order_type: v.optional(v.picklist(['purchase', 'redemption'], 'Order type must be purchase or redemption')),
    /** The pickup branch, when the order will have one (a campaign may be limited to branches). */
    branch: v.optional(v.pipe(v.string('Branch must be text'), v.trim(), v.maxLength(140, 'Branch must be at most 140 characters'))),
    // Last: the lines are checked after the other arguments, as they always were.
    // Typed as the app sends it; the schema itself takes anything and says what is wrong with it.
    items: OrderItemsArg as v.GenericSchema<OrderLine[] | undefined, OrderLineInput[]>,
  }),
  CheckoutTotalsSchema,
);

/**
 * What became of the caller's write sent with this `Idempotency-Key` whose answer was lost: `{status: 'done',
 * http_status, answer}` (the stored answer), `{status: 'running'}` (ask again), or `{status: 'unknown'}`: it never
 * arrived (or died before doing anything) and the key is now recorded as abandoned, so that request, if it still
 * arrives, is refused (417 `request_abandoned`) and does nothing. place_order claims its key inside its own
 * transaction, so "unknown" is never said of an order that commits. The app sends redemptions and orders only online,
 * with a client timeout, and asks this when no answer came back.
 */
export const REQUEST_STATUS = methodContract(
  'member_rewards.api.request_status',
  v.looseObject({
    key: v.pipe(v.string('Key is required'), v.minLength(1, 'Key is required'), v.maxLength(255, 'Key is too long')),
  }),
  v.variant('status', [
    v.object({ status: v.literal('done'), http_status: v.nullable(v.number()), answer: v.unknown() }),
    v.object({ status: v.literal('running') }),
    v.object({ status: v.literal('unknown') }),
  ]),
);

/**
 * A bank-transfer purchase was paid: the Sales Invoice becomes Paid and its `points_earned` are posted to the ledger,
 * dated that day; exactly once (a second confirmation is a 417); a cancelled order is refused (`order_cancelled`);
 * reward orders have no payment (417). Audited.
 */
export const CONFIRM_PAYMENT = methodContract(
  'member_rewards.orders.confirm_payment',
  v.looseObject({
    order: v.pipe(v.string('Order is required'), v.trim(), v.minLength(1, 'Order is required'), v.maxLength(140, 'Order is required')),
  }),
  v.looseObject({ name: v.string(), status: v.string(), points_earned: v.number() }),
);
