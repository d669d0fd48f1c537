import type { RequestContext } from '../../frappe/context';
import { hitLimit } from '../../frappe/rate-limit';
import { classifyCode } from '../../../contracts/member-code';
import { maskRewardCode } from '../../../contracts/reward-code';
import { audit } from '../audit/service';
import { recordEvent } from '../webhooks/events';
import { enqueueEvent, itemSummary } from '../notifications/index';
import { invoiceLines, memberOfCustomer, notesOf, recordAction, rewardInvoiceByCode, submitNotes, userNames } from './repository';
import { reasonOf, refuse, staffBranch } from './messages';

/** A reward handed over at the till: its delivery notes submitted, exactly once. */

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
      await recordEvent(tx, 'reward.confirmed', {
        customer: invoice.customer,
        order: invoice.name,
        ...(invoice.reward_code ? { reward_code: invoice.reward_code } : {}),
        branch: invoice.branch,
      });
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
