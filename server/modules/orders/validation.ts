import { validationError } from '../../frappe/errors';

/**
 * The order payloads, checked in the order the app's forms list them; the first failure is the
 * 417 message. Gift redemption: loyalty_points, items, payment_method, branch. Checkout: billing_address,
 * shipping_address (when use_different_shipping), loyalty_points, items, payment_method.
 */

export type OrderKind = 'redemption' | 'purchase';
export type DeliveryMethod = 'delivery' | 'pickup';

export interface OrderLineInput {
  item_code: string;
  qty: number;
}

export interface RedemptionInput {
  kind: 'redemption';
  loyalty_points: number;
  items: OrderLineInput[];
  payment_method: string;
  branch: string;
}

export interface PurchaseInput {
  kind: 'purchase';
  billing_address: string;
  shipping_address: string;
  use_different_shipping: boolean;
  loyalty_points: number | null;
  items: OrderLineInput[];
  payment_method: string;
  delivery_method: DeliveryMethod;
  branch: string | null;
}

export const MAX_LINES = 50;
export const MAX_QTY = 99;

const isBlank = (x: unknown) => x === undefined || x === null || (typeof x === 'string' && x.trim() === '');

function asNumber(x: unknown): number | null {
  if (typeof x === 'number') return Number.isFinite(x) ? x : null;
  if (typeof x === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(x)) return Number(x);
  return null;
}

function text(x: unknown, max: number, message: string): string {
  if (isBlank(x)) throw validationError(message);
  if (typeof x !== 'string' && typeof x !== 'number') throw validationError(message);
  const s = String(x).trim();
  if (s.length > max) throw validationError(message);
  return s;
}

function flag(x: unknown): boolean {
  return x === true || x === 1 || x === '1' || x === 'true';
}

/** items: at least one; each needs item_code and a positive whole qty. Repeated codes are merged. */
export function parseItems(raw: unknown): OrderLineInput[] {
  if (!Array.isArray(raw) || raw.length === 0) throw validationError('At least one item is required');
  if (raw.length > MAX_LINES) throw validationError(`At most ${MAX_LINES} items can be ordered at once`);
  const merged = new Map<string, number>();
  for (const entry of raw) {
    const line = (entry && typeof entry === 'object' ? entry : {}) as Record<string, unknown>;
    const code = text(line.item_code, 140, 'Item code is required');
    if (isBlank(line.qty)) throw validationError('Quantity is required');
    const qty = asNumber(line.qty);
    if (qty === null) throw validationError('Quantity must be a number');
    if (qty <= 0) throw validationError('Quantity must be a positive number');
    if (!Number.isInteger(qty)) throw validationError('Quantity must be a whole number');
    merged.set(code, (merged.get(code) ?? 0) + qty);
  }
  const lines = [...merged].map(([item_code, qty]) => ({ item_code, qty }));
  if (lines.some((l) => l.qty > MAX_QTY)) throw validationError(`Quantity must be at most ${MAX_QTY}`);
  return lines;
}

function loyaltyPoints(raw: unknown, required: boolean): number | null {
  if (isBlank(raw)) {
    if (required) throw validationError('Loyalty points is required');
    return null;
  }
  const n = asNumber(raw);
  if (n === null) throw validationError('Loyalty points must be a number');
  if (!Number.isInteger(n)) throw validationError('Loyalty points must be a whole number');
  if (n < 0 || (required && n === 0)) throw validationError('Loyalty points must be a positive number');
  return n;
}

/**
 * Which form the payload comes from. An explicit order_type wins; otherwise the checkout form is the one
 * that sends addresses (or use_different_shipping), the gift form the one that sends a branch without them.
 */
export function orderKind(args: Record<string, unknown>): OrderKind | 'unknown' {
  if (args.order_type === 'redemption' || args.order_type === 'purchase') return args.order_type;
  const hasAddressKeys = ['billing_address', 'shipping_address', 'use_different_shipping', 'delivery_method'].some((k) => k in args);
  if (hasAddressKeys) return 'purchase';
  if ('branch' in args) return 'redemption';
  return 'unknown';
}

export function parseRedemption(args: Record<string, unknown>): RedemptionInput {
  const loyalty_points = loyaltyPoints(args.loyalty_points, true)!;
  const items = parseItems(args.items);
  const payment_method = text(args.payment_method, 60, 'Payment method is required');
  const branch = text(args.branch, 140, 'Branch is required');
  return { kind: 'redemption', loyalty_points, items, payment_method, branch };
}

export function parsePurchase(args: Record<string, unknown>): PurchaseInput {
  const billing_address = text(args.billing_address, 140, 'Billing address is required');
  const use_different_shipping = flag(args.use_different_shipping);
  let shipping_address = billing_address;
  if (use_different_shipping) shipping_address = text(args.shipping_address, 140, 'Shipping address is required');
  const loyalty_points = loyaltyPoints(args.loyalty_points, false);
  const items = parseItems(args.items);
  const payment_method = text(args.payment_method, 60, 'Payment method is required');
  const method = isBlank(args.delivery_method) ? 'delivery' : String(args.delivery_method);
  if (method !== 'delivery' && method !== 'pickup') throw validationError('Delivery method must be delivery or pickup');
  let branch: string | null = null;
  if (method === 'pickup') branch = text(args.branch, 140, 'Branch is required');
  return { kind: 'purchase', billing_address, shipping_address, use_different_shipping, loyalty_points, items, payment_method, delivery_method: method, branch };
}
