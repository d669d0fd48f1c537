import * as v from 'valibot';
import { methodContract } from './contract';
import type { RuleCode } from './errors';

/** Frappe's password reset: the request (reset_password) and the new password set by the mailed key (update_password). */
export const RESET_PASSWORD_METHOD = 'frappe.core.doctype.user.user.reset_password';
export const UPDATE_PASSWORD_METHOD = 'frappe.core.doctype.user.user.update_password';

/** How long a mailed reset link works. */
export const RESET_KEY_MINUTES = 20;

/** What reset_password answers, and its refusal when no mail can leave. */
export const PASSWORD_MESSAGES = {
  sent: 'Password reset instructions have been sent to your email',
  mailUnavailable: 'There was an error sending password reset email.',
} as const;

const rule = (code: RuleCode) => code;

/** The same rule as a staff account's password (create_staff_user): 10 to 128 characters. Messages are codes. */
export const NewPasswordSchema = v.pipe(
  v.string(rule('password_required')),
  v.minLength(1, rule('password_required')),
  v.minLength(10, rule('password_too_short')),
  v.maxLength(128, rule('password_too_long')),
);

export const UpdatePasswordSchema = v.object({
  key: v.pipe(v.string(rule('reset_key_required')), v.minLength(1, rule('reset_key_required')), v.maxLength(200, rule('reset_key_invalid'))),
  new_password: NewPasswordSchema,
});

/** A reset by the mailed `key`, or a change by a signed-in caller with `old_password`; answers where to sign in again. */
export const UpdatePasswordArgs = v.pipe(
  v.looseObject({
    key: v.optional(UpdatePasswordSchema.entries.key),
    old_password: v.optional(v.pipe(v.string(rule('password_required')), v.minLength(1, rule('password_required')), v.maxLength(500))),
    new_password: UpdatePasswordSchema.entries.new_password,
  }),
  v.check((a) => Boolean(a.key || a.old_password), rule('reset_key_required')),
);

/**
 * Mails a single-use link (`PUBLIC_URL/update-password?key=…`, 20 minutes) to an account that signs in with a password
 * (members sign in with LINE and have none); the same answer whether or not the account exists; 10 per IP and 3 per
 * account an hour.
 */
export const RESET_PASSWORD = methodContract(
  RESET_PASSWORD_METHOD,
  v.looseObject({ user: v.pipe(v.string('User is required'), v.trim(), v.minLength(1, 'User is required'), v.maxLength(200)) }),
  v.string(),
);

/**
 * With the mailed `key` (anyone holding it): sets the new password (10–128 characters), uses the key up (exactly once,
 * also under concurrent submits), marks the account's e-mail verified, ends every session, API token and member-code
 * device of the account, and answers where to sign in again (`/staff-login`, or `/bakery` for a marketing-site
 * account).
 *
 * With `old_password` (signed in): a password change, Frappe's way: the old password is checked under the login limits
 * (417 'Incorrect old password'); every session and API token of the account ends and the caller gets a fresh session.
 */
export const UPDATE_PASSWORD = methodContract(UPDATE_PASSWORD_METHOD, UpdatePasswordArgs, v.string());
