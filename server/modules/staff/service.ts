import type { RequestContext } from '../../frappe/context';
import { notFound } from '../../frappe/errors';
import { endCredentials } from '../../frappe/sessions';
import { maskRewardCode, normaliseRewardCode } from '../../../contracts/reward-code';
import { audit } from '../audit/service';
import { registerDevice } from './codes';
import { actionsOfBranch, deviceOfUser, memberOfUser, setEnabled, staffUser } from './repository';
import { refuse, staffBranch } from './messages';

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
