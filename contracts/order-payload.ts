import * as v from 'valibot';

/**
 * What place_order and checkout_totals take, parsed once where the request comes in: the order payloads as the
 * app's two forms send them, checked field by field in the order the forms list them (the first failure is the
 * 417's sentence). Gift redemption: loyalty_points, items, payment_method, branch. Checkout: billing_address,
 * shipping_address (when use_different_shipping), loyalty_points, items, payment_method, delivery_method, branch
 * (pickup). Values arrive as a form or a Frappe client sends them: numbers may be strings of digits.
 */

export type OrderKind = 'redemption' | 'purchase';
export type DeliveryMethod = 'delivery' | 'pickup';
export interface OrderLine {
  item_code: string;
  qty: number;
}

export const MAX_LINES = 50;
export const MAX_QTY = 99;

const isBlank = (x: unknown) => x === undefined || x === null || (typeof x === 'string' && x.trim() === '');

/** A number as a form sends it: a finite JSON number or a string of digits; anything else is NaN. */
const asNumber = (x: unknown): number => {
  if (typeof x === 'number') return Number.isFinite(x) ? x : NaN;
  if (typeof x === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(x)) return Number(x);
  return NaN;
};

/** A value the form must send: absent reads as null, so a missing key gets the field's own sentence. */
const sent = () => v.optional(v.unknown(), null);

/** Text (or a number) that is not blank, trimmed, at most `max` characters; anything else is `message`. */
const formText = (max: number, message: string) =>
  v.pipe(
    sent(),
    v.check((x) => (typeof x === 'string' || typeof x === 'number') && !isBlank(x) && String(x).trim().length <= max, message),
    v.transform((x) => String(x).trim()),
  );

/** Loyalty points: a whole number above 0 (the gift form's, required) or 0 and more (the checkout's, may be absent). */
const loyaltyPoints = (required: boolean) =>
  v.pipe(
    sent(),
    v.check((x) => !required || !isBlank(x), 'Loyalty points is required'),
    v.transform((x) => (isBlank(x) ? null : asNumber(x))),
    v.check((n) => n === null || !Number.isNaN(n), 'Loyalty points must be a number'),
    v.check((n) => n === null || Number.isInteger(n), 'Loyalty points must be a whole number'),
    v.check((n) => n === null || n > 0 || (!required && n === 0), 'Loyalty points must be a positive number'),
  );

const quantity = v.pipe(
  sent(),
  v.check((x) => !isBlank(x), 'Quantity is required'),
  v.transform(asNumber),
  v.check((n) => !Number.isNaN(n), 'Quantity must be a number'),
  v.check((n) => n > 0, 'Quantity must be a positive number'),
  v.check((n) => Number.isInteger(n), 'Quantity must be a whole number'),
);

/** One line; anything that is not an object reads as an empty line. */
const OrderLineArg = v.pipe(
  v.unknown(),
  v.transform((x) => (x && typeof x === 'object' ? x : {})),
  v.object({ item_code: formText(140, 'Item code is required'), qty: quantity }),
);
export type OrderLineInput = v.InferOutput<typeof OrderLineArg>;

/** items: at least one line, at most MAX_LINES; repeated codes are merged, and no code above MAX_QTY units. */
export const OrderItemsArg = v.pipe(
  sent(),
  v.check((x) => Array.isArray(x) && x.length > 0, 'At least one item is required'),
  v.check((x) => !Array.isArray(x) || x.length <= MAX_LINES, `At most ${MAX_LINES} items can be ordered at once`),
  v.array(OrderLineArg),
  v.transform((lines) => {
    const merged = new Map<string, number>();
    for (const l of lines) merged.set(l.item_code, (merged.get(l.item_code) ?? 0) + l.qty);
    return [...merged].map(([item_code, qty]) => ({ item_code, qty }));
  }),
  v.check((lines) => lines.every((l) => l.qty <= MAX_QTY), `Quantity must be at most ${MAX_QTY}`),
);

const paymentMethod = formText(60, 'Payment method is required');

const RedemptionArgs = v.object({
  kind: v.literal('redemption'),
  loyalty_points: loyaltyPoints(true),
  items: OrderItemsArg,
  payment_method: paymentMethod,
  branch: formText(140, 'Branch is required'),
});

const flag = (x: unknown) => x === true || x === 1 || x === '1' || x === 'true';

/**
 * The checkout as it means it: the shipping address is the billing one unless use_different_shipping; no
 * delivery_method is a delivery; only a pickup has a branch.
 */
const PurchaseArgs = v.pipe(
  v.looseObject({ kind: v.literal('purchase') }),
  v.transform((args) => {
    const different = flag(args.use_different_shipping);
    const delivery = isBlank(args.delivery_method) ? 'delivery' : args.delivery_method;
    return {
      ...args,
      kind: 'purchase' as const,
      use_different_shipping: different,
      shipping_address: different ? args.shipping_address : args.billing_address,
      delivery_method: delivery,
      branch: delivery === 'pickup' ? (args.branch ?? null) : undefined,
    };
  }),
  v.object({
    kind: v.literal('purchase'),
    billing_address: formText(140, 'Billing address is required'),
    use_different_shipping: v.boolean(),
    shipping_address: formText(140, 'Shipping address is required'),
    loyalty_points: loyaltyPoints(false),
    items: OrderItemsArg,
    payment_method: paymentMethod,
    delivery_method: v.picklist(['delivery', 'pickup'], 'Delivery method must be delivery or pickup'),
    branch: v.optional(formText(140, 'Branch is required')),
  }),
);

export const BILLING_ADDRESS_REQUIRED = 'Billing address is required';

/**
 * A payload from neither form (no order_type, addresses or branch) places no order: it is answered with the first
 * complaint of the form it would come from, the gift form's when every line is a reward, else the checkout's (its
 * billing address, which such a payload never has). Only the catalogue knows whether every line is a reward, so
 * the lines and the gift form's complaint are handed on for the service to choose.
 */
const UnclearArgs = v.pipe(
  v.looseObject({ kind: v.literal('unclear') }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const items = v.safeParse(OrderItemsArg, dataset.value.items);
    if (!items.success) {
      addIssue({ message: BILLING_ADDRESS_REQUIRED });
      return NEVER;
    }
    const asGift = v.safeParse(RedemptionArgs, { ...dataset.value, kind: 'redemption' });
    return { kind: 'unclear' as const, items: items.output, giftComplaint: asGift.issues ?? [] };
  }),
);

/**
 * Which form the payload comes from. An explicit order_type wins; otherwise the checkout form is the one that sends
 * addresses (or use_different_shipping, delivery_method), the gift form the one that sends a branch without them.
 */
function orderKind(args: Record<string, unknown>): OrderKind | 'unclear' {
  if (args.order_type === 'redemption' || args.order_type === 'purchase') return args.order_type;
  if (['billing_address', 'shipping_address', 'use_different_shipping', 'delivery_method'].some((k) => k in args)) return 'purchase';
  if ('branch' in args) return 'redemption';
  return 'unclear';
}

/** The gift form's payload: the reward's points, the line, the payment the form starts with, the branch. */
export interface RedemptionPayload {
  loyalty_points: number;
  items: OrderLine[];
  payment_method: 'bank-transfer';
  branch: string;
  order_type?: 'redemption';
}

export interface PurchasePayload {
  billing_address: string;
  shipping_address: string;
  use_different_shipping: boolean;
  loyalty_points: number | null;
  items: OrderLine[];
  payment_method: string;
  delivery_method: DeliveryMethod;
  branch?: string;
  order_type?: 'purchase';
}

/** place_order's arguments: the payload of the form it comes from, told apart by `kind`. */
export const PlaceOrderArgs = v.pipe(
  v.custom<RedemptionPayload | PurchasePayload>((x) => typeof x === 'object' && x !== null, 'Invalid request arguments'),
  v.transform((args) => ({ ...(args as unknown as Record<string, unknown>), kind: orderKind(args as unknown as Record<string, unknown>) })),
  v.variant('kind', [RedemptionArgs, PurchaseArgs, UnclearArgs]),
);
export type PlaceOrderInput = v.InferOutput<typeof PlaceOrderArgs>;
