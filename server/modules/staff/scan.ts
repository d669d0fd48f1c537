import type { RequestContext } from '../../frappe/context';
import { hitLimit } from '../../frappe/rate-limit';
import { classifyCode } from '../../../contracts/member-code';
import { programOf, spendableOf, tierOf } from '../loyalty/ledger';
import { today } from '../../../contracts/business-day';
import { earningForMember } from '../programme/service';
import { rulesOn } from '../programme/versions';
import { issueScanToken, verifyMemberCode } from './codes';
import { invoiceLines, memberOfCustomer, memberOfUser, notesOf, recordAction, rewardInvoiceByCode, staffAwardedOn, userNames } from './repository';
/** The per-member daily cap on points awarded by staff is a programme rule (daily_cap); these name its old setting. */
import { DAILY_CAP_DEFAULT } from '../programme/versions';
import { reasonOf, refuse, staffBranch } from './messages';

/** The till's scan: a member code or a reward code, answered with what the counter needs to see. */

async function memberCard(ctx: RequestContext, customer: string) {
  const member = await memberOfCustomer(ctx.db, customer);
  if (!member) throw refuse('code_invalid');
  const program = await programOf(ctx.db, customer);
  const day = today();
  const [points, tier, rules] = await Promise.all([
    // What the member can spend at this counter: points a till or a shop holds as payment are not.
    spendableOf(ctx.db, customer),
    program ? tierOf(ctx.db, customer, program.name) : Promise.resolve(null),
    program ? rulesOn(ctx.db, program.name, day) : Promise.resolve(null),
  ]);
  const cap = rules?.rules.daily_cap ?? DAILY_CAP_DEFAULT;
  const [awardedToday, probe] = await Promise.all([
    staffAwardedOn(ctx.db, { customer }, day),
    // The award's own computation on a receipt with no item group: which multiplier it will apply here today.
    program ? earningForMember(ctx.db, { customer, program, day, branch: ctx.user.branch ?? null, lines: [{ amount: 0 }] }) : null,
  ]);
  const earn = probe
    ? {
        baht_per_point: probe.earning.baht_per_point,
        rounding: probe.earning.rounding,
        multiplier: probe.earning.lines[0]?.multiplier ?? 1,
        campaign: probe.earning.campaign?.name ?? null,
      }
    : null;
  return {
    customer,
    full_name: member.user.full_name || member.customer.customer_name,
    user_image: member.user.user_image,
    tier: tier?.tier_name ?? null,
    tier_thumbnail: tier?.tier_thumbnail ?? null,
    loyalty_points: points,
    member_since: String(member.customer.creation).slice(0, 10),
    collection_factor: rules?.rules.baht_per_point ?? null,
    earn,
    daily_cap: cap,
    awarded_today: awardedToday,
  };
}

function noteView(n: { name: string; status: string; submitted_by: string | null; submitted_at: Date | null }, names: Map<string, string>) {
  return {
    name: n.name,
    status: n.status,
    submitted_by: n.submitted_by,
    submitted_by_name: n.submitted_by ? (names.get(n.submitted_by) ?? n.submitted_by) : null,
    submitted_at: n.submitted_at ? n.submitted_at.toISOString() : null,
  };
}

async function rewardCard(ctx: RequestContext, code: string, branch: string) {
  const invoice = await rewardInvoiceByCode(ctx.db, code);
  if (!invoice) throw refuse('unknown_code');
  if (invoice.branch !== branch) throw refuse('other_branch', { branch: invoice.branch });
  const [lines, notes, member] = await Promise.all([invoiceLines(ctx.db, invoice.name), notesOf(ctx.db, invoice.name), memberOfCustomer(ctx.db, invoice.customer)]);
  const names = await userNames(ctx.db, notes.map((n) => n.submitted_by).filter((x): x is string => Boolean(x)));
  const views = notes.map((n) => noteView(n, names));
  return {
    invoice: invoice.name,
    /** What confirm_reward takes: the scanned code, as stored. */
    code,
    posting_date: invoice.posting_date,
    branch: invoice.branch,
    loyalty_points: invoice.loyalty_points,
    items: lines.map((l) => ({ item_code: l.item_code, item_name: l.item_name, image: l.image, qty: l.qty, loyalty_points: l.loyalty_points })),
    member: { customer: invoice.customer, full_name: member?.user.full_name || member?.customer.customer_name || '', user_image: member?.user.user_image ?? null },
    delivery_notes: views,
    confirmed: views.length > 0 && views.every((n) => n.status !== 'Draft'),
  };
}

/** member_rewards.staff.resolve_code: a member code → the member card; a reward order code → the reward card. */
export async function resolveCode(ctx: RequestContext, raw: string) {
  const branch = staffBranch(ctx);
  await hitLimit(ctx.db, `staff:resolve:${ctx.user.name}`, 60, 60, 'Too many scans. Please wait a moment.');
  const c = classifyCode(raw);
  if (c.kind === 'member') {
    let verified;
    try {
      verified = await verifyMemberCode(ctx.db, c.code);
    } catch (err) {
      await recordAction(ctx.db, { staff_user: ctx.user.name, branch, action: 'scan_refused', target: 'member', detail: { reason: reasonOf(err) } });
      throw err;
    }
    const member = await memberOfUser(ctx.db, verified.device.user);
    if (!member) throw refuse('code_invalid');
    const card = await memberCard(ctx, member.customer.name);
    const scanToken = await issueScanToken(ctx.db, { d: verified.device.id, s: verified.step, c: member.customer.name, u: ctx.user.name });
    await recordAction(ctx.db, { staff_user: ctx.user.name, branch, action: 'scan_member', target: member.customer.name, detail: { member: card.full_name } });
    return { kind: 'member' as const, member: card, scan_token: scanToken };
  }
  if (c.kind === 'reward') {
    try {
      const reward = await rewardCard(ctx, c.code, branch);
      await recordAction(ctx.db, { staff_user: ctx.user.name, branch, action: 'scan_reward', target: reward.invoice, detail: { member: reward.member.full_name } });
      return { kind: 'reward' as const, reward };
    } catch (err) {
      await recordAction(ctx.db, { staff_user: ctx.user.name, branch, action: 'scan_refused', target: 'reward', detail: { reason: reasonOf(err) } });
      throw err;
    }
  }
  await recordAction(ctx.db, { staff_user: ctx.user.name, branch, action: 'scan_refused', target: 'unknown', detail: { reason: 'unknown_code' } });
  throw refuse('unknown_code');
}
