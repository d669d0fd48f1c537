import * as v from 'valibot';
import { methodContract } from './contract';

/** Frappe's password reset: the request (reset_password) and the new password set by the mailed key (update_password). */
export const RESET_PASSWORD_METHOD = 'frappe.core.doctype.user.user.reset_password';
export const UPDATE_PASSWORD_METHOD = 'frappe.core.doctype.user.user.update_password';

/** How long a mailed reset link works. */
export const RESET_KEY_MINUTES = 20;

export const PASSWORD_MESSAGES = {
  sent: 'Password reset instructions have been sent to your email',
  keyInvalid: 'The reset password link has either been used before or is invalid',
  keyRequired: 'The reset password link is incomplete',
  passwordRequired: 'Password is required',
  passwordShort: 'Password must be at least 10 characters',
  passwordLong: 'Password must be at most 128 characters',
  mailUnavailable: 'There was an error sending password reset email.',
} as const;

const M = PASSWORD_MESSAGES;

/** The same rule as a staff account's password (create_staff_user): 10 to 128 characters. */
export const NewPasswordSchema = v.pipe(
  v.string(M.passwordRequired),
  v.minLength(1, M.passwordRequired),
  v.minLength(10, M.passwordShort),
  v.maxLength(128, M.passwordLong),
);

export const UpdatePasswordSchema = v.object({
  key: v.pipe(v.string(M.keyRequired), v.minLength(1, M.keyRequired), v.maxLength(200, M.keyInvalid)),
  new_password: NewPasswordSchema,
});

/** A reset by the mailed `key`, or a change by a signed-in caller with `old_password`; answers where to sign in again. */
export const UpdatePasswordArgs = v.pipe(
  v.looseObject({
    key: v.optional(UpdatePasswordSchema.entries.key),
    old_password: v.optional(v.pipe(v.string(M.passwordRequired), v.minLength(1, M.passwordRequired), v.maxLength(500))),
    new_password: UpdatePasswordSchema.entries.new_password,
  }),
  v.check((a) => Boolean(a.key || a.old_password), M.keyRequired),
);

export const RESET_PASSWORD = methodContract(
  RESET_PASSWORD_METHOD,
  v.looseObject({ user: v.pipe(v.string('User is required'), v.trim(), v.minLength(1, 'User is required'), v.maxLength(200)) }),
  v.string(),
);
export const UPDATE_PASSWORD = methodContract(UPDATE_PASSWORD_METHOD, UpdatePasswordArgs, v.string());
