import { randomBytes } from 'node:crypto';
import type { Db, Executor } from '../../db/client';
import type { RequestContext } from '../../frappe/context';
import { FrappeError, validationError } from '../../frappe/errors';
import { today } from '../../../contracts/business-day';
import type { CancelReason, CancelResult, Refund } from '../../../contracts/order-lifecycle';
import { actorOf, auditAs, JOB_ACTOR, type Actor } from '../audit/service';
import { forgetPages } from '../catalog/page-cache';
import { balanceOf, lockCustomerRow, programOf, refreshTier, returnPoints, reversePoints, spendableOf } from '../loyalty/ledger';
import { recordEvent } from '../webhooks/events';
import { customerOfUser } from '../account/repository';
import { rulesOn } from '../programme/versions';
import { forEachKey } from '../schedule/pages';
import {
  cancelDraftNotes, cancelInvoice, deliveryNotesOf, insertRefund, itemsOf, lockInvoice, memberUserOfOrder, overdueUnpaidOrders, pointsEarnedBy, refundsPage, returnStock,
  setRefunded, uncollectedOrders, type InvoiceItemRow, type InvoiceRow,
} from './repository';

/**
 * The life of an order after it was placed. Every change is one transaction with the order's row locked, a
 * conditional update out of the state the caller saw (so it happens once, whoever else tries at the same moment),
 * the member's row locked for the points, and the audit row. What comes back:
 * - points the order spent, to the batches they came from, with those batches' expiry dates;
 * - units of counted stock;
 * - the per-member limit (a cancelled line no longer counts).
 */

const orderNotFound = (order: string) => new FrappeError('DoesNotExistError', `Sales Invoice ${order.slice(0, 80)} not found`, { title: 'Not Found', code: 'order_not_found' });

interface Undo {
  points: number;
  stock: { item_code: string; qty: number }[];
  notes: string[];
}

/** Gives back the points and stock of some lines of an order (or all of its spent points: `points` 'all'). */
async function undoLines(tx: Executor, inv: InvoiceRow, lines: InvoiceItemRow[], points: number, source: 'order_cancelled' | 'reward_uncollected', day: string): Promise<Omit<Undo, 'notes'>> {
  const stock: Undo['stock'] = [];
  // Item order, like the orders that took the units: two writers never lock two items in opposite orders.
  for (const l of [...lines].sort((a, b) => (a.item_code < b.item_code ? -1 : 1))) {
    if (await returnStock(tx, l.item_code, l.qty)) stock.push({ item_code: l.item_code, qty: l.qty });
  }
  const returned = points > 0 ? await returnPoints(tx, { customer: inv.customer, invoice: inv.name, points, source, postingDate: day, branch: inv.branch }) : 0;
  return { points: returned, stock };
}

async function balanceAfter(tx: Executor, customer: string, day: string) {
  return balanceOf(tx, customer, day);
}

interface WholeCancel {
  reason: CancelReason;
  note: string | null;
  actor: Actor;
  day: string;
}

/**
 * Cancels a whole order that nothing of was handed over: the order leaves its state (conditional), its Draft notes
 * are cancelled, all its stock and all the points it spent come back. A handed-over (Submitted) reward refuses it.
 */
async function cancelWhole(tx: Executor, inv: InvoiceRow, c: WholeCancel): Promise<CancelResult> {
  const notes = await deliveryNotesOf(tx, [inv.name]);
  if (notes.some((n) => n.status === 'Submitted')) throw validationError('This reward was already handed over: it cannot be cancelled', 'reward_used');
  await lockCustomerRow(tx, inv.customer);
  const cancelled = await cancelInvoice(tx, inv.name, inv.status, { reason: c.reason, note: c.note, by: c.actor.user });
  if (!cancelled) throw validationError('This order has changed meanwhile: it cannot be cancelled', 'not_cancellable');
  const dropped = await cancelDraftNotes(tx, inv.name);
  const lines = await itemsOf(tx, [inv.name]);
  const undo = await undoLines(tx, inv, lines, inv.loyalty_points, 'order_cancelled', c.day);
  await auditAs(c.actor, tx, {
    action: 'cancel_order',
    doctype: 'Sales Invoice',
    name: inv.name,
    before: { status: inv.status },
    after: { status: 'Cancelled', cancel_reason: c.reason, cancel_note: c.note, points_returned: undo.points, stock_returned: undo.stock, delivery_notes: dropped.map((d) => d.name) },
    branch: inv.branch,
  });
  await recordEvent(tx, 'order.cancelled', { customer: inv.customer, order: inv.name, points: undo.points, balance: await spendableOf(tx, inv.customer, c.day), branch: inv.branch });
  return {
    order: inv.name,
    status: 'Cancelled',
    cancel_reason: c.reason,
    points_returned: undo.points,
    stock_returned: undo.stock,
    delivery_notes: dropped.map((d) => d.name),
    loyalty_points: await balanceAfter(tx, inv.customer, c.day),
  };
}

/** After a change: the member's screens and the catalogue (stock came back) learn of it. */
function announce(ctx: RequestContext, order: string, memberUser: string | null, result: CancelResult) {
  if (result.stock_returned.length) forgetPages(ctx.db);
  if (memberUser) {
    ctx.services.notifyListUpdate('Sales Invoice', order, memberUser);
    for (const dn of result.delivery_notes) ctx.services.notifyListUpdate('Delivery Note', dn, memberUser);
  }
}

/**
 * member_rewards.orders.cancel_reward_order: the member cancels their own reward order that nothing of was handed
 * over, up to its valid-until day. Points back with their original expiry, stock back. Someone else's order and
 * a missing one look the same (404).
 */
export async function cancelRewardOrder(ctx: RequestContext, order: string): Promise<CancelResult> {
  const me = await customerOfUser(ctx.db, ctx.user.name);
  const result = await cancelAsMember(ctx.db, { customer: me?.name ?? null, order, actor: actorOf(ctx), day: today() });
  announce(ctx, order, ctx.user.name, result);
  return result;
}

/** The member's cancellation on `day`, for the method and for tests that travel in time. */
export function cancelAsMember(db: Db, input: { customer: string | null; order: string; actor: Actor; day: string }): Promise<CancelResult> {
  return db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, input.order);
    if (!inv || !input.customer || inv.customer !== input.customer) throw orderNotFound(input.order);
    if (inv.order_type !== 'redemption') throw validationError('Only a reward order can be cancelled here', 'not_cancellable');
    if (inv.status === 'Cancelled') throw validationError('This order is already cancelled', 'order_cancelled');
    if (inv.due_date < input.day) throw validationError('This reward is past its collection date', 'reward_expired');
    return cancelWhole(tx, inv, { reason: 'member', note: null, actor: input.actor, day: input.day });
  });
}

/**
 * member_rewards.orders.cancel_order: a manager cancels an unused reward order or an unpaid purchase, with a reason.
 * A paid purchase is refunded instead (order_paid); a Branch Manager cancels only their own branch's reward orders.
 */
export async function cancelOrder(ctx: RequestContext, args: { order: string; reason: string }): Promise<CancelResult> {
  const everyBranch = ctx.user.roles.includes('Loyalty Manager') || ctx.user.roles.includes('System Manager');
  const result = await cancelAsManager(ctx.db, { ...args, actor: actorOf(ctx), day: today(), onlyBranch: everyBranch ? null : (ctx.user.branch ?? '') });
  announce(ctx, result.order, await memberUserOfOrder(ctx.db, result.order), result);
  return result;
}

/** A manager's cancellation on `day`; `onlyBranch`: a Branch Manager's branch (their reward orders only). */
export function cancelAsManager(db: Db, input: { order: string; reason: string; actor: Actor; day: string; onlyBranch: string | null }): Promise<CancelResult> {
  return db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, input.order);
    if (!inv) throw orderNotFound(input.order);
    if (input.onlyBranch !== null && (inv.order_type !== 'redemption' || inv.branch !== input.onlyBranch)) {
      throw new FrappeError('PermissionError', 'Only your branch’s reward orders', { code: 'not_your_branch' });
    }
    if (inv.status === 'Cancelled') throw validationError('This order is already cancelled', 'order_cancelled');
    if (inv.order_type === 'purchase' && inv.status !== 'Unpaid') throw validationError('A paid purchase is refunded, not cancelled', 'order_paid');
    return cancelWhole(tx, inv, { reason: 'manager', note: input.reason, actor: input.actor, day: input.day });
  });
}

/** The points a refund takes back: the order's earned points in proportion to the baht refunded so far (all at the end). */
export const pointsToTakeBack = (earned: number, refunded: number, grandTotal: number) =>
  refunded >= grandTotal ? earned : Math.floor((earned * Math.round(refunded * 100)) / Math.round(grandTotal * 100));

/**
 * member_rewards.orders.refund_order: money given back on a paid purchase. Needs an Idempotency-Key (a retried click
 * refunds once). The points the order earned are taken back in proportion to the baht refunded, from the order's
 * own batch first, never more than the balance: what the member had spent already is the shortfall, recorded on the
 * refund for managers to see. When refunds reach the grand total the order is Refunded and the points it spent
 * come back. The tier loses what the refund took back, shortfall included.
 */
export async function refundOrder(ctx: RequestContext, args: { order: string; amount: number; reason: string }) {
  if (!ctx.request.headers['idempotency-key']) throw validationError('Send an Idempotency-Key header with every refund', 'idempotency_key_required');
  const result = await refundPurchase(ctx.db, { ...args, actor: actorOf(ctx), day: today() });
  const member = await memberUserOfOrder(ctx.db, args.order);
  if (member) ctx.services.notifyListUpdate('Sales Invoice', args.order, member);
  return result;
}

/** A refund on `day` (the method's work, for tests that travel in time). */
export function refundPurchase(db: Db, input: { order: string; amount: number; reason: string; actor: Actor; day: string }) {
  const { day } = input;
  return db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, input.order);
    if (!inv) throw orderNotFound(input.order);
    if (inv.order_type !== 'purchase') throw validationError('A reward order is cancelled, not refunded', 'not_cancellable');
    if (inv.status === 'Cancelled') throw validationError('This order is cancelled', 'order_cancelled');
    if (inv.status === 'Unpaid') throw validationError('This purchase is not paid: cancel it instead', 'order_not_paid');
    const before = Number(inv.refunded_amount);
    const total = Number(inv.grand_total);
    const after = Math.round((before + input.amount) * 100) / 100;
    if (after > total) throw validationError(`At most ${Math.max(0, Math.round((total - before) * 100) / 100)} baht is left to refund`, 'refund_too_large');
    const locked = await lockCustomerRow(tx, inv.customer);
    if (!locked) throw orderNotFound(input.order);
    const program = await programOf(tx, inv.customer);
    const earned = await pointsEarnedBy(tx, inv.name);
    const due = pointsToTakeBack(earned, after, total) - pointsToTakeBack(earned, before, total);
    const taken = program ? await reversePoints(tx, { customer: inv.customer, program, invoice: inv.name, points: due, postingDate: day, branch: inv.branch }) : { reversed: 0, shortfall: due };
    const full = after >= total;
    const returned = full && inv.loyalty_points > 0 ? await returnPoints(tx, { customer: inv.customer, invoice: inv.name, points: inv.loyalty_points, source: 'purchase_refund', postingDate: day, branch: inv.branch }) : 0;
    const status = full ? 'Refunded' : inv.status;
    await setRefunded(tx, inv.name, after, status);
    const refund = await insertRefund(tx, {
      name: `REF-${randomBytes(6).toString('hex')}`,
      sales_invoice: inv.name,
      customer: inv.customer,
      branch: inv.branch,
      amount: input.amount,
      posting_date: day,
      points_due: due,
      points_reversed: taken.reversed,
      points_shortfall: taken.shortfall,
      points_returned: returned,
      reason: input.reason,
      created_by: input.actor.user,
    });
    await refreshTier(tx, inv.customer, day);
    if (taken.reversed > 0) {
      await recordEvent(tx, 'points.reversed', { customer: inv.customer, points: taken.reversed, balance: await spendableOf(tx, inv.customer, day), order: inv.name, branch: inv.branch });
    }
    await auditAs(input.actor, tx, {
      action: 'refund_order',
      doctype: 'Sales Invoice',
      name: inv.name,
      before: { status: inv.status, refunded_amount: before },
      after: { status, refunded_amount: after, refund: refund.name, amount: input.amount, reason: input.reason, points_due: due, points_reversed: taken.reversed, points_shortfall: taken.shortfall, points_returned: returned },
      branch: inv.branch,
    });
    return { refund: refundView(refund), status, grand_total: total, refunded_amount: after, loyalty_points: await balanceOf(tx, inv.customer, day) };
  });
}

export function refundView(r: Awaited<ReturnType<typeof insertRefund>>): Refund {
  return {
    name: r.name,
    order: r.sales_invoice,
    customer: r.customer,
    branch: r.branch,
    amount: Number(r.amount),
    posting_date: r.posting_date,
    points_due: r.points_due,
    points_reversed: r.points_reversed,
    points_shortfall: r.points_shortfall,
    points_returned: r.points_returned,
    reason: r.reason,
    created_by: r.created_by,
    creation: String(r.creation),
  };
}

/** member_rewards.orders.list_refunds: refunds newest first, with the shortfall points they add up to. */
export async function listRefunds(ctx: RequestContext, args: { customer?: string | null; order?: string | null; shortfall_only: boolean; start?: number; limit?: number }) {
  const page = await refundsPage(ctx.db, { customer: args.customer, order: args.order, shortfallOnly: args.shortfall_only, start: args.start ?? 0, limit: args.limit ?? 50 });
  return { rows: page.rows.map(refundView), total: page.total, shortfall_points: page.shortfall };
}

// ------------------------------------------------------------------------------------------- jobs

const PAGE = 100;

export interface JobResult {
  day: string;
  orders: number;
  points_returned: number;
}

/**
 * Reward orders not collected by their valid-until day: every note still waiting is cancelled, its stock comes back,
 * and its points too when the programme says so (uncollected_points_back); an order with nothing handed over becomes
 * Cancelled (cancel_reason uncollected). One transaction per order, out of the state seen (a second run, or
 * another instance, finds nothing left to do).
 */
export async function expireUncollected(db: Db, now: Date): Promise<JobResult> {
  const day = today(now.getTime());
  const result: JobResult = { day, orders: 0, points_returned: 0 };
  await forEachKey((after, size) => uncollectedOrders(db, day, after, size), PAGE, async (name) => {
    const done = await db.transaction(async (tx) => {
      const inv = await lockInvoice(tx, name);
      if (!inv || inv.status === 'Cancelled' || inv.due_date >= day) return null;
      await lockCustomerRow(tx, inv.customer);
      const dropped = await cancelDraftNotes(tx, inv.name);
      if (!dropped.length) return null;
      const lines = (await itemsOf(tx, [inv.name])).filter((l) => dropped.some((d) => d.line === l.id));
      const program = await programOf(tx, inv.customer);
      const rules = program ? await rulesOn(tx, program.name, day) : null;
      const back = rules?.rules.uncollected_points_back ?? true;
      const undo = await undoLines(tx, inv, lines, back ? lines.reduce((s, l) => s + l.loyalty_points, 0) : 0, 'reward_uncollected', day);
      const notes = await deliveryNotesOf(tx, [inv.name]);
      const nothingHandedOver = notes.every((n) => n.status === 'Cancelled');
      if (nothingHandedOver) {
        await cancelInvoice(tx, inv.name, inv.status, { reason: 'uncollected', note: null, by: JOB_ACTOR.user });
        await recordEvent(tx, 'order.cancelled', { customer: inv.customer, order: inv.name, points: undo.points, balance: await spendableOf(tx, inv.customer, day), branch: inv.branch });
      }
      await auditAs(JOB_ACTOR, tx, {
        action: 'expire_reward',
        doctype: 'Sales Invoice',
        name: inv.name,
        before: { status: inv.status },
        after: { status: nothingHandedOver ? 'Cancelled' : inv.status, cancel_reason: 'uncollected', points_returned: undo.points, stock_returned: undo.stock, delivery_notes: dropped.map((d) => d.name) },
        branch: inv.branch,
      });
      return undo;
    });
    if (done) {
      result.orders += 1;
      result.points_returned += done.points;
      if (done.stock.length) forgetPages(db);
    }
  });
  return result;
}

/** Bank-transfer purchases unpaid after their due day are cancelled (cancel_reason unpaid): stock and spent points back. */
export async function cancelUnpaid(db: Db, now: Date): Promise<JobResult> {
  const day = today(now.getTime());
  const result: JobResult = { day, orders: 0, points_returned: 0 };
  await forEachKey((after, size) => overdueUnpaidOrders(db, day, after, size), PAGE, async (name) => {
    const done = await db.transaction(async (tx) => {
      const inv = await lockInvoice(tx, name);
      if (!inv || inv.status !== 'Unpaid' || inv.due_date >= day) return null;
      return cancelWhole(tx, inv, { reason: 'unpaid', note: null, actor: JOB_ACTOR, day });
    });
    if (done) {
      result.orders += 1;
      result.points_returned += done.points_returned;
      if (done.stock_returned.length) forgetPages(db);
    }
  });
  return result;
}
