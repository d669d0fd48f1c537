import { randomBytes } from 'node:crypto';
import type { RequestContext } from '../../frappe/context';
import { FrappeError, validationError } from '../../frappe/errors';
import { hashPassword } from '../../frappe/crypto';
import { hitLimit } from '../../frappe/rate-limit';
import { mailResetLink } from '../../frappe/password-reset';
import { endCredentials } from '../../frappe/sessions';
import type { StaffRole, StaffRow } from '../../../contracts/admin';
import { audit } from '../audit/service';
import { branchRow, findStaff, insertStaffAccount, lockStaffUser, updateStaffAccount, type StaffUserRow } from './staff-repository';
import { addressInUse } from '../staff/repository';
import { emailInUse } from '../staff/messages';
import { isUniqueViolation } from '../account/otp';

/**
 * Staff accounts as the back office manages them. System and Loyalty Managers manage every branch's Store Staff
 * and Branch Managers; a Branch Manager manages the Store Staff of their own branch only, and cannot move anyone
 * to another branch. Nobody changes their own account here.
 */

const roleOf = (u: Pick<StaffUserRow, 'roles'>): StaffRole => (u.roles.includes('Branch Manager') ? 'Branch Manager' : 'Store Staff');

export function staffRow(u: StaffUserRow): StaffRow {
  return {
    name: u.name,
    email: u.email,
    full_name: u.full_name,
    role: roleOf(u),
    branch: u.branch,
    enabled: u.enabled,
    daily_award_cap: u.daily_award_cap,
    creation: String(u.creation),
  };
}

const overseesAll = (ctx: RequestContext) => ctx.user.roles.includes('System Manager') || ctx.user.roles.includes('Loyalty Manager');

/** The branch a Branch Manager is limited to (null: the caller oversees every branch). */
function managedBranch(ctx: RequestContext): string | null {
  if (overseesAll(ctx)) return null;
  if (!ctx.user.branch) throw new FrappeError('PermissionError', 'Your account is not assigned to a branch', { code: 'not_your_branch' });
  return ctx.user.branch;
}

const staffNotFound = (user: string) =>
  new FrappeError('DoesNotExistError', `Staff account ${user.slice(0, 80)} not found`, { code: 'staff_not_found', title: 'Not Found' });
const notYourBranch = () => new FrappeError('PermissionError', 'You can manage the staff of your own branch only', { code: 'not_your_branch' });

async function usableBranch(ctx: RequestContext, name: string) {
  const row = await branchRow(ctx.db, name);
  if (!row) throw validationError(`Branch ${name.slice(0, 80)} not found`, 'branch_not_found');
  if (row.disabled) throw validationError(`Branch ${name.slice(0, 80)} is disabled`, 'branch_disabled');
}

/** The account, locked, if the caller may manage it; missing and out of reach look the same. */
async function reachable(ctx: RequestContext, tx: Parameters<typeof lockStaffUser>[0], user: string) {
  if (user === ctx.user.name) throw validationError('You cannot change your own account here', 'cannot_change_self');
  const row = await lockStaffUser(tx, user);
  const branch = managedBranch(ctx);
  if (!row || (branch !== null && (row.branch !== branch || roleOf(row) !== 'Store Staff'))) throw staffNotFound(user);
  return row;
}

export async function listStaff(ctx: RequestContext, args: { branch?: string | null; q: string; include_disabled: boolean; start?: number; limit?: number }) {
  const branch = managedBranch(ctx) ?? (args.branch || null);
  const { rows, total } = await findStaff(ctx.db, { branch, text: args.q, includeDisabled: args.include_disabled }, args.start ?? 0, args.limit ?? 50);
  return { rows: rows.map(staffRow), total };
}

/** Mails a link to set a password (the reset machinery); limited per account like reset_password. */
async function sendLink(ctx: RequestContext, account: StaffUserRow): Promise<boolean> {
  if (!account.email) return false;
  await hitLimit(ctx.db, `reset:user:${account.name.toLowerCase()}`, 3, 3600, 'Too many password links for this account. Please try again later.');
  return mailResetLink(ctx, { name: account.name, email: account.email });
}

/**
 * member_rewards.admin.create_staff: a staff account for one branch, with no password anyone knows: a link to
 * set one is mailed at once (reset_sent says whether it left).
 */
export async function createStaff(
  ctx: RequestContext,
  args: { email: string; full_name: string; branch: string; role: StaffRole; daily_award_cap?: number | null },
  /** The till's create_staff_user sets a password (already checked by NewPasswordSchema) instead of mailing a link. */
  password?: string,
) {
  const limited = managedBranch(ctx);
  if (limited !== null && args.branch !== limited) throw notYourBranch();
  if (limited !== null && args.role !== 'Store Staff') {
    throw new FrappeError('PermissionError', 'A Branch Manager may add Store Staff only', { code: 'role_not_allowed' });
  }
  await usableBranch(ctx, args.branch);
  if (await addressInUse(ctx.db, args.email)) throw emailInUse();
  const passwordHash = await hashPassword(password ?? randomBytes(24).toString('base64url'));
  let created: StaffUserRow;
  try {
    created = await ctx.db.transaction(async (tx) => {
      const row = await insertStaffAccount(tx, {
        name: args.email,
        email: args.email,
        // The manager who creates the account vouches for the address.
        email_verified: true,
        full_name: args.full_name,
        first_name: args.full_name,
        user_type: 'System User',
        roles: [args.role],
        branch: args.branch,
        daily_award_cap: args.daily_award_cap ?? null,
        password_hash: passwordHash,
        phone_verified: true,
        owner: ctx.user.name,
      });
      await audit(ctx, tx, { action: 'create', doctype: 'User', name: row.name, after: staffRow(row), branch: row.branch, hidden: ['creation', 'name'] });
      return row;
    });
  } catch (err) {
    // Two managers adding the same address at once: the unique index decides, with the same answer.
    if (isUniqueViolation(err)) throw emailInUse();
    throw err;
  }
  return { ...staffRow(created), reset_sent: password === undefined ? await sendLink(ctx, created) : false };
}

/**
 * member_rewards.admin.update_staff: name, enabled, branch and the account's own daily award cap. Disabling ends
 * the account's sessions and revokes its API keys in the same transaction.
 */
export async function updateStaff(ctx: RequestContext, args: { user: string; full_name?: string; enabled?: boolean; branch?: string; daily_award_cap?: number | null }) {
  if (args.branch !== undefined) {
    if (managedBranch(ctx) !== null) throw notYourBranch();
    await usableBranch(ctx, args.branch);
  }
  return ctx.db.transaction(async (tx) => {
    const before = await reachable(ctx, tx, args.user);
    const set: Partial<StaffUserRow> = {};
    if (args.full_name !== undefined) set.full_name = args.full_name;
    if (args.enabled !== undefined) set.enabled = args.enabled;
    if (args.branch !== undefined) set.branch = args.branch;
    if (args.daily_award_cap !== undefined) set.daily_award_cap = args.daily_award_cap;
    const after = Object.keys(set).length ? await updateStaffAccount(tx, before.name, set) : before;
    if (before.enabled && !after.enabled) await endCredentials(tx, ctx.services, after.name);
    await audit(ctx, tx, { action: 'update', doctype: 'User', name: after.name, before: staffRow(before), after: staffRow(after), branch: after.branch });
    return staffRow(after);
  });
}

/** member_rewards.admin.send_staff_password_reset: a new link to set the password (the old one stops working). */
export async function sendStaffPasswordReset(ctx: RequestContext, user: string) {
  const account = await ctx.db.transaction((tx) => reachable(ctx, tx, user));
  if (!account.enabled) throw validationError('Enable the account before sending it a password link');
  if (!(await sendLink(ctx, account))) {
    throw validationError('No e-mail can be sent right now: the password link was not sent', 'mail_unavailable');
  }
  await ctx.db.transaction((tx) => audit(ctx, tx, { action: 'send_password_reset', doctype: 'User', name: account.name, branch: account.branch }));
  return { user: account.name, sent: true as const };
}
