import type { RequestContext } from '../../frappe/context';
import { FrappeError, notFound } from '../../frappe/errors';
import { endCredentials } from '../../frappe/sessions';
import { hitLimit } from '../../frappe/rate-limit';
import { classifyCode } from '../../../contracts/member-code';
import { maskRewardCode, normaliseRewardCode } from '../../../contracts/reward-code';
import { AMOUNT_MAX, RECEIPT_NO_PATTERN } from '../../../contracts/staff';
import { balanceOf, earnPoints, lockCustomerRow, programOf, tierOf } from '../loyalty/ledger';
import { today } from '../../../contracts/business-day';
import { earningForMember } from '../programme/service';
import { rulesOn } from '../programme/versions';
import { audit } from '../audit/service';
import { issueScanToken, readScanToken, registerDevice, verifyMemberCode } from './codes';
import { capRefusal, refuse } from './messages';
import { enqueueEvent, itemSummary } from '../notifications/index';
import {
  actionsOfBranch, deviceOfUser, lockStaffCap, invoiceLines, lockDevice, markStepUsed, memberOfCustomer, memberOfUser, notesOf,
  receiptAward, recordAction, rewardInvoiceByCode, setEnabled, staffAwardedOn,
  staffUser, submitNotes, userNames,
} from './repository';

/** The per-member daily cap on points awarded by staff is a programme rule (daily_cap); these name its old setting. */
import { DAILY_CAP_DEFAULT } from '../programme/versions';

// ---------------------------------------------------------------- member side

export async function registerMemberDevice(ctx: RequestContext) {
  const member = await memberOfUser(ctx.db, ctx.user.name);
  if (!member) throw refuse('no_program');
  return ctx.db.transaction((tx) => registerDevice(tx, ctx.user.name));
}

/** Whether the device this browser holds is still live (revoked after sign-out or a newer registration). */
export async function deviceStatus(ctx: RequestContext, deviceId: string) {
  const row = await deviceOfUser(ctx.db, ctx.user.name, deviceId);
  // last_used_step changes when staff award points on this device's code: the app refreshes the member's points.
  return { device_id: deviceId, active: Boolean(row && !row.revoked_at), last_used_step: row?.last_used_step ?? null };
}

// ---------------------------------------------------------------- staff side

function staffBranch(ctx: RequestContext): string {
  if (!ctx.user.branch) throw refuse('no_branch');
  return ctx.user.branch;
}

async function memberCard(ctx: RequestContext, customer: string) {
  const member = await memberOfCustomer(ctx.db, customer);
  if (!member) throw refuse('code_invalid');
  const program = await programOf(ctx.db, customer);
  const day = today();
  const [points, tier, rules] = await Promise.all([
    balanceOf(ctx.db, customer),
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

function reasonOf(err: unknown): string {
  return err instanceof FrappeError ? String(err.extra?.reason ?? err.excType) : 'error';
}

const isUniqueViolation = (err: unknown): boolean => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
};

export interface AwardInput {
  scan_token?: string;
  member_code?: string;
  amount: number;
  receipt_no: string;
}

/**
 * member_rewards.staff.award_points. In one transaction with the member's customer row and the code's device
 * row locked: the code's step must still be unused, the receipt number new for this branch, and the day's
 * staff awards within the cap; then the ledger row (source staff_award) and the staff action are written and
 * the step is marked used. A unique index on (branch, receipt) backs the receipt check.
 */
export async function awardPoints(ctx: RequestContext, input: AwardInput) {
  const branch = staffBranch(ctx);
  if (!(input.amount > 0 && input.amount <= AMOUNT_MAX)) throw refuse('amount_invalid');
  if (!RECEIPT_NO_PATTERN.test(input.receipt_no)) throw refuse('receipt_invalid');
  await hitLimit(ctx.db, `staff:award:${ctx.user.name}`, 30, 60, 'Too many awards. Please wait a moment.');
  const receiptNo = input.receipt_no.trim().toUpperCase();
  let claim: { device: string; step: number; customer: string | null };
  try {
    if (input.scan_token) {
      const t = await readScanToken(ctx.db, input.scan_token, ctx.user.name);
      claim = { device: t.d, step: t.s, customer: t.c };
    } else {
      const v = await verifyMemberCode(ctx.db, input.member_code ?? '');
      claim = { device: v.device.id, step: v.step, customer: null };
    }
  } catch (err) {
    await recordAction(ctx.db, { staff_user: ctx.user.name, branch, action: 'award_refused', target: receiptNo, detail: { reason: reasonOf(err) } });
    throw err;
  }

  const day = today();
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const device = await lockDevice(tx, claim.device);
      if (!device || device.revoked_at) throw refuse('code_invalid');
      const member = await memberOfUser(tx, device.user);
      if (!member || (claim.customer && claim.customer !== member.customer.name)) throw refuse('code_invalid');
      if (!member.user.phone_verified) throw refuse('phone_not_verified');
      const customer = member.customer.name;
      if ((await lockCustomerRow(tx, customer))?.blocked) throw refuse('member_blocked');
      if (device.last_used_step !== null && claim.step <= device.last_used_step) throw refuse('code_used');

      const previous = await receiptAward(tx, branch, receiptNo);
      if (previous) throw refuse('receipt_used', { receipt_no: receiptNo, awarded_at: previous.created_at.toISOString() });

      const program = await programOf(tx, customer);
      if (!program) throw refuse('no_program');
      // The programme's earning rule of today at this branch for the member's tier: what the simulator answers.
      const earned = await earningForMember(tx, { customer, program, day, branch, lines: [{ amount: input.amount }] });
      if (!earned) throw refuse('no_program');
      const points = earned.earning.points;
      if (points <= 0) throw refuse('no_points', { collection_factor: earned.rules.rules.baht_per_point });

      const cap = earned.rules.rules.daily_cap;
      const already = await staffAwardedOn(tx, { customer }, day);
      if (already + points > cap) throw capRefusal('daily_cap', { points, remaining: Math.max(0, cap - already), cap });
      // The account's own cap, when the back office set one: what this staff member awards to anyone in a day.
      const staffCap = await lockStaffCap(tx, ctx.user.name);
      if (staffCap !== null) {
        const given = await staffAwardedOn(tx, { staffUser: ctx.user.name }, day);
        if (given + points > staffCap) throw capRefusal('staff_daily_cap', { points, remaining: Math.max(0, staffCap - given), cap: staffCap });
      }

      const entry = await earnPoints(tx, {
        customer,
        program,
        points,
        purchaseAmount: input.amount,
        source: 'staff_award',
        postingDate: day,
        tier: earned.earning.tier,
        receiptNo,
        staffUser: ctx.user.name,
        branch,
      });
      await recordAction(tx, {
        staff_user: ctx.user.name,
        branch,
        action: 'award_points',
        target: receiptNo,
        detail: { customer, member: member.user.full_name || member.customer.customer_name, points, amount: input.amount, campaign: earned.earning.campaign?.id ?? null },
      });
      await markStepUsed(tx, claim.device, claim.step);
      await audit(ctx, tx, {
        action: 'award_points',
        doctype: 'Loyalty Point Entry',
        name: entry.name,
        after: { customer, points, amount: input.amount, receipt_no: receiptNo, multiplier: earned.earning.lines[0]?.multiplier ?? 1, campaign: earned.earning.campaign?.id ?? null, rules_version: earned.rules.version },
      });
      const balance = await balanceOf(tx, customer, day);
      await enqueueEvent(tx, 'points_received', { points, balance, source: 'staff_award', branch }, { to: member.user.name });
      return {
        customer,
        member_user: member.user.name,
        full_name: member.user.full_name || member.customer.customer_name,
        points,
        amount: input.amount,
        receipt_no: receiptNo,
        loyalty_points: balance,
        entry: entry.name,
        awarded_today: already + points,
        daily_cap: cap,
        // How the points were reached (base, tier and campaign multipliers, rounding): the simulator's answer.
        earning: earned.earning,
      };
    });
    ctx.services.notifyListUpdate('Loyalty Point Entry', result.entry, result.member_user);
    const { member_user: _hidden, ...answer } = result;
    return answer;
  } catch (err) {
    const refusal = isUniqueViolation(err) ? refuse('receipt_used', { receipt_no: receiptNo }) : err;
    await recordAction(ctx.db, { staff_user: ctx.user.name, branch, action: 'award_refused', target: receiptNo, detail: { reason: reasonOf(refusal) } });
    throw refusal;
  }
}

/**
 * member_rewards.staff.confirm_reward: the reward was handed over. Its Draft Delivery Notes become Submitted
 * exactly once (rows locked, conditional update); a second confirmation from any device is refused with who
 * confirmed it and when; another branch's reward and unknown codes are refused.
 */
export async function confirmReward(ctx: RequestContext, raw: string) {
  const branch = staffBranch(ctx);
  await hitLimit(ctx.db, `staff:resolve:${ctx.user.name}`, 60, 60, 'Too many scans. Please wait a moment.');
  const c = classifyCode(raw);
  try {
    if (c.kind !== 'reward') throw refuse('unknown_code');
    const result = await ctx.db.transaction(async (tx) => {
      const invoice = await rewardInvoiceByCode(tx, c.code);
      if (!invoice) throw refuse('unknown_code');
      if (invoice.branch !== branch) throw refuse('other_branch', { branch: invoice.branch });
      const notes = await notesOf(tx, invoice.name, true);
      const drafts = notes.filter((n) => n.status === 'Draft').map((n) => n.name);
      const changed = await submitNotes(tx, drafts, ctx.user.name);
      if (!changed.length) {
        const done = notes.filter((n) => n.submitted_at).sort((a, b) => b.submitted_at!.getTime() - a.submitted_at!.getTime())[0];
        const names = await userNames(tx, done?.submitted_by ? [done.submitted_by] : []);
        throw refuse('already_confirmed', {
          invoice: invoice.name,
          confirmed_by: done?.submitted_by ?? null,
          confirmed_by_name: done?.submitted_by ? (names.get(done.submitted_by) ?? done.submitted_by) : null,
          confirmed_at: done?.submitted_at ? done.submitted_at.toISOString() : null,
        });
      }
      const member = await memberOfCustomer(tx, invoice.customer);
      await audit(ctx, tx, {
        action: 'confirm_reward',
        doctype: 'Sales Invoice',
        name: invoice.name,
        before: { delivery_notes: changed.map((n) => ({ name: n.name, status: 'Draft' })) },
        after: { delivery_notes: changed.map((n) => ({ name: n.name, status: 'Submitted' })) },
      });
      if (member) {
        const lines = await invoiceLines(tx, invoice.name);
        await enqueueEvent(
          tx,
          'reward_collected',
          { order: invoice.name, item_name: itemSummary(lines.map((l) => l.item_name)), branch: invoice.branch },
          { to: member.user.name },
        );
      }
      await recordAction(tx, {
        staff_user: ctx.user.name,
        branch,
        action: 'confirm_reward',
        target: invoice.name,
        detail: { member: member?.user.full_name ?? invoice.customer, notes: changed.map((n) => n.name) },
      });
      return { invoice: invoice.name, memberUser: member?.user.name ?? null, changed };
    });
    if (result.memberUser) {
      for (const n of result.changed) ctx.services.notifyListUpdate('Delivery Note', n.name, result.memberUser);
      ctx.services.notifyListUpdate('Sales Invoice', result.invoice, result.memberUser);
    }
    return {
      invoice: result.invoice,
      confirmed_by: ctx.user.name,
      confirmed_by_name: ctx.user.fullName,
      confirmed_at: result.changed[0]?.submitted_at?.toISOString() ?? new Date().toISOString(),
      delivery_notes: result.changed.map((n) => n.name),
    };
  } catch (err) {
    await recordAction(ctx.db, {
      staff_user: ctx.user.name,
      branch,
      action: 'confirm_refused',
      // The log names the code by its last characters: it is a bearer token for the member's reward.
      target: c.kind === 'reward' ? maskRewardCode(c.code) : 'unknown',
      detail: { reason: reasonOf(err) },
    });
    throw err;
  }
}

/** member_rewards.staff.actions: what the staff of the caller's branch did, newest first. */
export async function branchActions(ctx: RequestContext, start: number, limit: number) {
  // System and Loyalty Managers without a branch oversee every branch's log; staff and branch managers their own.
  const overseer = ctx.user.roles.includes('System Manager') || ctx.user.roles.includes('Loyalty Manager');
  const branch = overseer && !ctx.user.branch ? null : staffBranch(ctx);
  const rows = await actionsOfBranch(ctx.db, branch, start, limit);
  return rows.map((r) => {
    let detail: Record<string, unknown> = {};
    try {
      detail = JSON.parse(r.detail) as Record<string, unknown>;
    } catch {
      detail = { text: r.detail };
    }
    // Refused hand-overs logged before their codes were masked still hold the whole code: it never leaves.
    const target = r.action === 'confirm_refused' && normaliseRewardCode(r.target) ? maskRewardCode(r.target) : r.target;
    return { ...r, target, staff_name: r.staff_name ?? r.staff_user, created_at: r.created_at.toISOString(), detail };
  });
}

/**
 * member_rewards.staff.set_staff_user_enabled (System Manager): disabling a Store Staff account ends its sessions,
 * API tokens and member-code devices at once, so re-enabling it later brings none of them back.
 */
export async function setStaffUserEnabled(ctx: RequestContext, user: string, enabled: boolean) {
  const row = await staffUser(ctx.db, user);
  if (!row) throw notFound(`Store Staff user ${user.slice(0, 80)} not found`);
  await ctx.db.transaction(async (tx) => {
    await setEnabled(tx, row.name, enabled);
    if (!enabled) await endCredentials(tx, ctx.services, row.name);
    await audit(ctx, tx, { action: 'update', doctype: 'User', name: row.name, before: { enabled: row.enabled }, after: { enabled }, branch: row.branch });
  });
  return { name: row.name, enabled: enabled ? 1 : 0 };
}
