import { randomBytes } from 'node:crypto';
import type { RequestContext } from '../../frappe/context';
import { FrappeError, validationError } from '../../frappe/errors';
import { today } from '../../../contracts/business-day';
import { maskPhone, REQUEST_DEADLINE_DAYS, type ErasureResult } from '../../../contracts/privacy';
import { actorOf, audit, auditAs, type Actor } from '../audit/service';
import { balanceOf, lockCustomerRow, programOf, spendPoints } from '../loyalty/ledger';
import { cancelAsManager, cancelAsMember } from '../orders/lifecycle';
import { customerOfUser } from '../account/repository';
import { addDays } from '../programme/rules';
import { checkErasureCode, sendErasureCode } from './erasure-code';
import {
  addressValues, deleteUser, dropAccountData, dropCountersNaming, eraseFreeText, insertPseudonymousUser, markErased, renameEverywhere, scrubCopies,
  uncollectedRewards,
} from './erasure-repository';
import { completeOpenRequests, insertRequest, memberByCustomer, openRequest } from './repository';

/** The ledger reason of the line that forfeits what is left when an account is erased. */
export const ERASURE_REASON = 'account_deleted';

const memberNotFound = (customer: string) =>
  new FrappeError('DoesNotExistError', `Member ${customer.slice(0, 80)} not found`, { code: 'member_not_found', title: 'Not Found' });
const alreadyErased = () => validationError("This member's personal data has already been erased", 'member_erased');
const noVerifiedPhone = () => validationError('The member has no verified phone to send the code to', 'phone_not_verified');

async function liveMember(ctx: RequestContext, customer: string) {
  const member = await memberByCustomer(ctx.db, customer);
  if (!member) throw memberNotFound(customer);
  if (member.customer.erased_at) throw alreadyErased();
  return member;
}

async function ownCustomer(ctx: RequestContext) {
  const customer = await customerOfUser(ctx.db, ctx.user.name);
  if (!customer) throw new FrappeError('DoesNotExistError', 'This account has no member record', { code: 'member_not_found', title: 'Not Found' });
  return customer.name;
}

/** An open erasure request of the member, or a new one (the legal deadline runs from the first). */
async function ensureErasureRequest(ctx: RequestContext, customer: string, channel: 'app' | 'back_office') {
  if (await openRequest(ctx.db, customer, 'erasure')) return;
  await insertRequest(ctx.db, { customer, kind: 'erasure', channel, dueDate: addDays(today(), REQUEST_DEADLINE_DAYS.erasure) });
}

/** member_rewards.privacy.request_deletion: the code to the member's verified phone, and what erasure will do. */
export async function requestDeletion(ctx: RequestContext) {
  const member = await liveMember(ctx, await ownCustomer(ctx));
  const { user: u, customer: c } = member;
  if (!u.phone_verified || !u.mobile_no) throw noVerifiedPhone();
  await sendErasureCode(ctx, { user: u.name, phone: u.mobile_no, language: u.language });
  await ensureErasureRequest(ctx, c.name, 'app');
  const rewards = await uncollectedRewards(ctx.db, c.name);
  const points = (await balanceOf(ctx.db, c.name)) + rewards.reduce((sum, r) => sum + r.loyalty_points, 0);
  return { sent: true as const, phone: maskPhone(u.mobile_no)!, uncollected_rewards: rewards.map((r) => r.name), points_to_forfeit: points };
}

/** member_rewards.privacy.confirm_deletion */
export async function confirmDeletion(ctx: RequestContext, otp: string): Promise<ErasureResult> {
  const member = await liveMember(ctx, await ownCustomer(ctx));
  if (!member.user.phone_verified || !member.user.mobile_no) throw noVerifiedPhone();
  await checkErasureCode(ctx, { user: member.user.name, phone: member.user.mobile_no }, otp);
  await ensureErasureRequest(ctx, member.customer.name, 'app');
  return eraseMember(ctx, member.customer.name, actorOf(ctx), { confirmed_by: 'member_code' });
}

/** member_rewards.privacy.send_erasure_code: a manager has the member's phone sent a code to read out to them. */
export async function sendErasureCodeFor(ctx: RequestContext, customer: string) {
  const { user: u, customer: c } = await liveMember(ctx, customer);
  if (!u.phone_verified || !u.mobile_no) throw noVerifiedPhone();
  await sendErasureCode(ctx, { user: u.name, phone: u.mobile_no, language: u.language });
  await ctx.db.transaction((tx) => audit(ctx, tx, { action: 'send_erasure_code', doctype: 'Personal Data', name: c.name, before: {}, after: {}, branch: null }));
  return { sent: true as const, phone: maskPhone(u.mobile_no)! };
}

/**
 * member_rewards.privacy.erase_member: a manager erases a member on the member's request, confirmed by the code the
 * member received or the manager's written reason (kept in the audit log: it must not name the member).
 */
export async function eraseOnRequest(ctx: RequestContext, args: { customer: string; otp?: string; reason?: string | null }): Promise<ErasureResult> {
  const member = await liveMember(ctx, args.customer);
  const otp = args.otp?.trim() || null;
  const reason = args.reason?.trim() || null;
  if (!otp && !reason) throw validationError('Enter the code the member received, or write down the reason', 'erasure_confirmation_required');
  if (otp) {
    if (!member.user.phone_verified || !member.user.mobile_no) throw noVerifiedPhone();
    await checkErasureCode(ctx, { user: member.user.name, phone: member.user.mobile_no }, otp);
  }
  await ensureErasureRequest(ctx, member.customer.name, 'back_office');
  return eraseMember(ctx, member.customer.name, actorOf(ctx), otp ? { confirmed_by: 'member_code' } : { confirmed_by: 'manager_reason', reason: reason! });
}

/**
 * Erases a member. First every uncollected reward order is cancelled (its points back, as the member would cancel
 * it; one past its collection day as a manager would). Then, in one transaction: what is left of the points is
 * forfeited with a ledger line of its own; every credential is revoked (sessions, API tokens, member-code devices,
 * push subscriptions, the LINE link); name, phone, e-mail, birthday, ID card, picture, addresses, LINE id and free
 * text are erased from every table, outboxes included; the account becomes a pseudonymous one that never signs in,
 * which the orders and the ledger the brand must keep now name; the open erasure request is completed; and the audit
 * log records the erasure without any personal data.
 */
export async function eraseMember(ctx: RequestContext, customer: string, actor: Actor, confirmation: Record<string, string>): Promise<ErasureResult> {
  const day = today();
  const cancelled: ErasureResult['cancelled_rewards'] = [];
  const asMember = actor.role === 'Member';
  for (const order of await uncollectedRewards(ctx.db, customer)) {
    const result =
      asMember && order.due_date >= day
        ? await cancelAsMember(ctx.db, { customer, order: order.name, actor, day })
        : await cancelAsManager(ctx.db, { order: order.name, reason: 'Account deleted', actor, day, onlyBranch: null });
    cancelled.push({ order: result.order, points_returned: result.points_returned });
  }
  const erased = await ctx.db.transaction(async (tx) => {
    const locked = await lockCustomerRow(tx, customer);
    if (!locked) throw memberNotFound(customer);
    const member = await memberByCustomer(tx, customer);
    if (!member) throw memberNotFound(customer);
    if (member.customer.erased_at) throw alreadyErased();
    const { user: u, customer: c } = member;

    // The points left, forfeited (the ledger keeps the line, so liability stays equal to the ledger).
    const left = await balanceOf(tx, c.name, day);
    const program = left > 0 ? await programOf(tx, c.name) : null;
    if (left > 0 && program) {
      await spendPoints(tx, { customer: c.name, program, points: left, entryType: 'adjust', source: 'adjustment', reason: ERASURE_REASON, postingDate: day });
    }

    const addressRows = await addressValues(tx, c.name);
    const values = [
      u.name, u.email, u.mobile_no, u.full_name, u.first_name, u.last_name, u.id_card_number, u.line_sub, u.user_image, u.birth_date, c.customer_name,
      ...addressRows.flatMap((a) => [a.first_name, a.last_name, a.address_title, a.address_line1, a.address_line2, a.phone]),
    ].filter((x): x is string => typeof x === 'string' && x.trim().length >= 3);
    const personal = [...new Set(values.map((x) => x.trim()))].sort((a, b) => b.length - a.length);

    await ctx.services.credentialsChanged(tx, { user: u.name, kind: 'ended' });
    await dropAccountData(tx, { user: u.name, phone: u.mobile_no, email: u.email, lineSub: u.line_sub });
    await dropCountersNaming(tx, personal);
    await eraseFreeText(tx, c.name);

    const pseudonym = `erased-${randomBytes(8).toString('hex')}`;
    await insertPseudonymousUser(tx, pseudonym);
    await renameEverywhere(tx, u.name, pseudonym);
    await deleteUser(tx, u.name);
    await markErased(tx, c.name);
    await scrubCopies(tx, personal);

    // A member erasing themselves is logged as the pseudonymous account: their user name is personal data too.
    const by = actor.user === u.name ? { ...actor, user: pseudonym } : actor;
    await completeOpenRequests(tx, c.name, 'erasure', by.user);
    const points_forfeited = left > 0 && program ? left : 0;
    await auditAs(by, tx, {
      action: 'erase',
      doctype: 'Personal Data',
      name: c.name,
      before: {},
      after: { ...confirmation, points_forfeited, rewards_cancelled: cancelled.length },
      branch: null,
    });
    return { user: u.name, points_forfeited };
  });
  ctx.services.notifyListUpdate('Customer', customer, erased.user);
  return { erased: true, customer, cancelled_rewards: cancelled, points_forfeited: erased.points_forfeited };
}
