import type { RequestContext } from '../../frappe/context';
import { FrappeError } from '../../frappe/errors';
import { endCredentials } from '../../frappe/sessions';
import { onlyDigits } from '../../../contracts/account';
import { classifyCode } from '../../../contracts/member-code';
import type { MemberSummary, MemberRow } from '../../../contracts/admin';
import { balanceOf, openBatches, standingOf } from '../loyalty/ledger';
import { today } from '../../../contracts/business-day';
import { deliveryNotesOf, invoicesOf, type InvoiceRow } from '../orders/repository';
import { matchMemberCode } from '../staff/codes';
import { memberOfUser } from '../staff/repository';
import { audit } from '../audit/service';
import { devicesOf, findMembers, ledgerPage, memberRows, setBlocked } from './repository';
import { logAccess } from '../privacy/access-log';
import { isActiveAtBranch } from '../privacy/repository';
import { maskPhone } from '../../../contracts/privacy';

export const memberNotFound = (customer: string) =>
  new FrappeError('DoesNotExistError', `Member ${customer.slice(0, 80)} not found`, { code: 'member_not_found', title: 'Not Found' });

const iso = (value: Date | string | null) => (value === null ? null : value instanceof Date ? value.toISOString() : String(value));

/** A scanned member code that is live right now: its member's customer (the search then finds exactly them). */
async function customerOfCode(ctx: RequestContext, q: string): Promise<string | null> {
  if (classifyCode(q).kind !== 'member') return null;
  const match = await matchMemberCode(ctx.db, q);
  return match ? ((await memberOfUser(ctx.db, match.device.user))?.customer.name ?? null) : null;
}

/**
 * member_rewards.admin.search_members: by phone, name, e-mail, member number or a scanned member code. A Branch
 * Manager finds only members active at their branch. Every member in the answer is an access to their personal
 * data, logged.
 */
export async function searchMembers(ctx: RequestContext, args: { q: string; start?: number; limit?: number }): Promise<{ rows: MemberRow[]; total: number }> {
  const q = args.q.trim();
  const digits = onlyDigits(q);
  const byCode = q ? await customerOfCode(ctx, q) : null;
  const activeAt = branchScope(ctx);
  const { rows, total } = await findMembers(
    ctx.db,
    // A scanned code names one member: its digits are not also searched as a phone number.
    byCode ? { text: '', digits: null, customer: byCode, activeAt } : { text: q, digits: digits.length >= 3 ? digits : null, customer: null, activeAt },
    args.start ?? 0,
    args.limit ?? 20,
  );
  await logAccess(ctx, ctx.db, rows.map((r) => r.customer), 'search');
  return { rows: rows.map((r) => ({ ...r, member_since: String(r.member_since).slice(0, 10) })), total };
}

/** A Branch Manager's branch (members' personal data only of those active there); null: every branch. */
function branchScope(ctx: RequestContext): string | null {
  if (ctx.user.roles.includes('Loyalty Manager') || ctx.user.roles.includes('System Manager')) return null;
  return ctx.user.branch ?? '';
}

function orderRow(inv: InvoiceRow, notes: Awaited<ReturnType<typeof deliveryNotesOf>>) {
  return {
    name: inv.name,
    order_type: inv.order_type,
    posting_date: inv.posting_date,
    status: inv.status,
    grand_total: inv.grand_total,
    loyalty_points: inv.loyalty_points,
    branch: inv.branch,
    delivery_notes: notes
      .filter((n) => n.sales_invoice === inv.name)
      .map((n) => ({ name: n.name, status: n.status, branch: n.branch, submitted_at: iso(n.submitted_at) })),
  };
}

/**
 * member_rewards.admin.member_summary: everything the member page shows in one answer: profile, balance and the
 * open batches with their expiry, tier and progress, a page of the ledger (with reasons and notes), the latest
 * orders and reward orders, member-code devices (never their secrets) and the blocked state.
 */
export async function memberSummary(ctx: RequestContext, args: { customer: string; ledger_start?: number; ledger_limit?: number }): Promise<MemberSummary> {
  const member = await memberRows(ctx.db, args.customer);
  if (!member) throw memberNotFound(args.customer);
  const { customer: c, user: u } = member;
  await logAccess(ctx, ctx.db, [c.name], 'member_page');
  const scope = branchScope(ctx);
  if (scope !== null && !(await isActiveAtBranch(ctx.db, c.name, scope))) return limitedSummary(ctx, member);
  const asOf = today();
  const start = args.ledger_start ?? 0;
  const [balance, standing, batches, ledger, purchases, rewards, devices] = await Promise.all([
    balanceOf(ctx.db, c.name, asOf),
    standingOf(ctx.db, c.name, asOf),
    openBatches(ctx.db, c.name, asOf),
    ledgerPage(ctx.db, c.name, start, args.ledger_limit ?? 50),
    invoicesOf(ctx.db, c.name, { start: 0, limit: 20, orderType: 'purchase' }),
    invoicesOf(ctx.db, c.name, { start: 0, limit: 20, orderType: 'redemption' }),
    devicesOf(ctx.db, u.name),
  ]);
  const notes = await deliveryNotesOf(ctx.db, [...purchases, ...rewards].map((i) => i.name));
  return {
    customer: c.name,
    user: u.name,
    full_name: u.full_name || c.customer_name,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    mobile_no: u.mobile_no,
    phone_verified: u.phone_verified,
    user_image: u.user_image,
    member_since: String(c.creation).slice(0, 10),
    loyalty_program: standing.program,
    loyalty_points: balance,
    points_earned: standing.basis,
    tier: { tier_name: standing.tier?.name ?? null, next_tier_name: standing.next?.name ?? null, points_to_next_tier: standing.points_to_next_tier },
    batches: batches.map((b) => ({ name: b.name, posting_date: b.posting_date, expiry_date: b.expiry_date, available: b.available })),
    ledger: {
      start,
      total: ledger.total,
      rows: ledger.rows.map((r) => ({
        name: r.name,
        entry_type: r.entry_type,
        source: r.source,
        loyalty_points: r.loyalty_points,
        posting_date: r.posting_date,
        expiry_date: r.expiry_date,
        invoice: r.invoice,
        redeem_against: r.redeem_against,
        reason: r.reason,
        note: r.note,
        member_text: r.member_text,
        staff_user: r.staff_user,
        receipt_no: r.receipt_no,
        creation: String(r.creation),
      })),
    },
    orders: purchases.map((i) => orderRow(i, notes)),
    reward_orders: rewards.map((i) => orderRow(i, notes)),
    devices: devices.map((d) => ({ device_id: d.id, member_no: d.code_no, created_at: d.created_at.toISOString(), revoked_at: iso(d.revoked_at), last_used_step: d.last_used_step })),
    blocked: { blocked: c.blocked, reason: c.blocked_reason, at: iso(c.blocked_at), by: c.blocked_by },
  };
}

/**
 * A member never active at the Branch Manager's branch: at most their name, tier and a masked phone
 * (`08x-xxx-1234`); no e-mail, picture, points, notes, orders or devices (`limited`).
 */
async function limitedSummary(ctx: RequestContext, member: NonNullable<Awaited<ReturnType<typeof memberRows>>>): Promise<MemberSummary> {
  const { customer: c, user: u } = member;
  const standing = await standingOf(ctx.db, c.name, today());
  return {
    customer: c.name,
    user: '',
    full_name: u.full_name || c.customer_name,
    first_name: u.first_name,
    last_name: u.last_name,
    email: null,
    mobile_no: maskPhone(u.mobile_no),
    phone_verified: u.phone_verified,
    user_image: null,
    member_since: String(c.creation).slice(0, 10),
    loyalty_program: standing.program,
    loyalty_points: 0,
    points_earned: 0,
    tier: { tier_name: standing.tier?.name ?? null, next_tier_name: null, points_to_next_tier: 0 },
    batches: [],
    ledger: { start: 0, total: 0, rows: [] },
    orders: [],
    reward_orders: [],
    devices: [],
    blocked: { blocked: c.blocked, reason: null, at: null, by: null },
    limited: true,
  };
}

/**
 * member_rewards.admin.set_member_blocked. Blocking disables the member's User (no session resolves, LINE and
 * password sign-in refuse it) and revokes their sessions, API keys and member-code devices, in one transaction
 * with its audit row; orders and staff awards check the flag too. Unblocking lets them sign in again (their old
 * sessions and codes stay revoked: they sign in afresh and the app registers a new device).
 */
export async function setMemberBlocked(ctx: RequestContext, args: { customer: string; blocked: boolean; reason?: string | null }) {
  const result = await ctx.db.transaction(async (tx) => {
    const member = await memberRows(tx, args.customer, true);
    if (!member) throw memberNotFound(args.customer);
    const before = { blocked: member.customer.blocked, blocked_reason: member.customer.blocked_reason };
    const row = await setBlocked(tx, member.customer.name, member.user.name, {
      blocked: args.blocked,
      reason: args.blocked ? (args.reason ?? null) : null,
      by: args.blocked ? ctx.user.name : null,
    });
    if (args.blocked) await endCredentials(tx, ctx.services, member.user.name);
    await audit(ctx, tx, {
      action: args.blocked ? 'block' : 'unblock',
      doctype: 'Customer',
      name: member.customer.name,
      before,
      // The reason of an unblock is kept in the log, not on the customer.
      after: { blocked: row.blocked, blocked_reason: args.reason ?? null },
      branch: null,
    });
    return { customer: member.customer.name, blocked: row.blocked, reason: row.reason, at: iso(row.at), by: row.by, user: member.user.name };
  });
  ctx.services.notifyListUpdate('Customer', result.customer, result.user);
  const { user: _user, ...answer } = result;
  return answer;
}
