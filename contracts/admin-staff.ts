import * as v from 'valibot';
import { methodContract } from './contract';
import { boundedNumber, filterText, pageArgs, requiredText, searchText, yesNo } from './args';

/** The back office's staff accounts (member_rewards.admin.*): Store Staff and Branch Managers, one branch each. */

export const STAFF_ACCOUNT_METHODS = {
  listStaff: 'member_rewards.admin.list_staff',
  createStaff: 'member_rewards.admin.create_staff',
  updateStaff: 'member_rewards.admin.update_staff',
  sendStaffPasswordReset: 'member_rewards.admin.send_staff_password_reset',
} as const;
const M = STAFF_ACCOUNT_METHODS;

/** The accounts the staff screens manage (each belongs to one branch). */
export const STAFF_ROLES = ['Store Staff', 'Branch Manager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
const userArg = requiredText('User is required', 200);

const staffRole = v.picklist(STAFF_ROLES, `role must be one of ${STAFF_ROLES.join(', ')}`);
const awardCap = v.nullable(boundedNumber(0, 1_000_000, 'Daily award cap must be a whole number from 0 to 1000000'));

export const ListStaffArgs = v.looseObject({
  /** A Branch Manager always gets their own branch, whatever is sent. */
  branch: filterText('branch'),
  q: searchText(),
  include_disabled: v.optional(yesNo('include_disabled must be 0 or 1'), true),
  ...pageArgs(200),
});

export const StaffRowSchema = v.object({
  name: v.string(),
  email: v.nullable(v.string()),
  full_name: v.string(),
  role: staffRole,
  branch: v.nullable(v.string()),
  enabled: v.boolean(),
  daily_award_cap: v.nullable(v.number()),
  creation: v.string(),
});
export type StaffRow = v.InferOutput<typeof StaffRowSchema>;

export const ListStaffAnswer = v.object({ rows: v.array(StaffRowSchema), total: v.number() });

export const CreateStaffArgs = v.looseObject({
  email: v.pipe(requiredText('Email is required', 200, 'Email is invalid'), v.toLowerCase(), v.email('Email is invalid')),
  full_name: requiredText('Full name is required', 140, 'Full name is too long'),
  branch: requiredText('Branch is required', 140),
  role: v.optional(staffRole, 'Store Staff'),
  daily_award_cap: v.optional(awardCap),
});

/** The new account: no password yet; a reset link is mailed so the person sets their own. */
export const CreateStaffAnswer = v.object({ ...StaffRowSchema.entries, reset_sent: v.boolean() });

export const UpdateStaffArgs = v.looseObject({
  user: userArg,
  full_name: v.optional(requiredText('Full name is required', 140, 'Full name is too long')),
  enabled: v.optional(yesNo('enabled must be 0 or 1')),
  /** Moving to another branch: Loyalty Managers and System Managers only. */
  branch: v.optional(requiredText('Branch is required', 140)),
  /** null clears the account's own cap. */
  daily_award_cap: v.optional(awardCap),
});

export const StaffUserArgs = v.looseObject({ user: userArg });
export const PasswordResetSentAnswer = v.object({ user: v.string(), sent: v.literal(true) });

/**
 * Store Staff and Branch Managers: a Loyalty Manager sees every branch's, a Branch Manager their own branch's, whatever
 * `branch` says. `limit` is at most 200.
 */
export const LIST_STAFF = methodContract(M.listStaff, ListStaffArgs, ListStaffAnswer);

/**
 * A Loyalty Manager creates any staff account; a Branch Manager Store Staff of their own branch. The account has no
 * password anyone knows: a link to set one is mailed at once with the password-reset machinery (`reset_sent`). 409
 * `email_in_use` when the address is another account's name or verified e-mail (any case); `not_your_branch`,
 * `role_not_allowed`, `branch_not_found`, `branch_disabled`. Audited.
 */
export const CREATE_STAFF = methodContract(M.createStaff, CreateStaffArgs, CreateStaffAnswer);

/**
 * A Loyalty Manager changes any staff account; a Branch Manager their branch's Store Staff, without moving them
 * (`not_your_branch`). Disabling ends the account's sessions and revokes its API keys at once; `daily_award_cap` (null
 * clears it) limits the points the account awards in a day; nobody changes their own account (`cannot_change_self`);
 * others' accounts are 404 `staff_not_found`. Audited.
 */
export const UPDATE_STAFF = methodContract(M.updateStaff, UpdateStaffArgs, StaffRowSchema);

/**
 * A Loyalty Manager for any staff account, a Branch Manager for their branch's Store Staff: mails a fresh link (the
 * older one stops working), 3 an hour per account; 417 `mail_unavailable` when no mail can leave. Audited.
 */
export const SEND_STAFF_PASSWORD_RESET = methodContract(M.sendStaffPasswordReset, StaffUserArgs, PasswordResetSentAnswer);
