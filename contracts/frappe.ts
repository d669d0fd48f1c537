import * as v from 'valibot';
import { noArgs } from './args';
import { methodContract } from './contract';
import { BootInfoSchema, LoginAnswerSchema } from './session';

export { BootInfoSchema, LoginAnswerSchema, type BootInfo, type LoginAnswer } from './session';

/** Frappe's own methods the app calls: who is signed in, sign-in, counting, uploads. */

/**
 * Session facts the app needs at start: who is signed in, their roles, the CSRF token for writes, the staff's branch,
 * and (as Frappe's boot does) `max_file_size`, the upload limit in bytes.
 */
export const BOOT = methodContract('member_rewards.api.boot', noArgs, BootInfoSchema);

/**
 * The cookie session; answers (unwrapped, as Frappe does) `message`, `home_page`, `full_name` and `csrf_token`. `usr`
 * is the user name, a verified e-mail or a verified phone; 10 tries per account (shared with the token login, whatever
 * name is typed) and 50 per IP per 15 minutes.
 */
export const LOGIN = methodContract(
  'login',
  v.looseObject({
    usr: v.pipe(v.string('Incomplete login details'), v.trim(), v.minLength(1, 'Incomplete login details'), v.maxLength(200)),
    pwd: v.pipe(v.string('Incomplete login details'), v.minLength(1, 'Incomplete login details'), v.maxLength(500)),
    device: v.optional(v.string()),
  }),
  LoginAnswerSchema,
);

/** Frappe's liveness check. */
export const PING = methodContract('ping', noArgs, v.literal('pong'));

/** The version string. */
export const VERSION = methodContract('version', noArgs, v.string());

/**
 * Ends the session server-side and revokes the member's rotating-code secrets; answers `{}`. As a GET with a cookie
 * session it needs the CSRF header or a request from our own page.
 */
export const LOGOUT = methodContract('logout', noArgs, v.undefined());

/** The signed-in user's id. */
export const GET_LOGGED_USER = methodContract('frappe.auth.get_logged_user', noArgs, v.string());

/** Counts only the rows of the doctype the caller may read (unlike Frappe, counting needs read permission). */
export const GET_COUNT = methodContract(
  'frappe.client.get_count',
  v.looseObject({
    doctype: v.pipe(v.string('doctype is required'), v.minLength(1, 'doctype is required')),
    filters: v.optional(v.unknown()),
  }),
  v.number(),
);

/** upload_file's answer: the File document. */
export const FileDocSchema = v.looseObject({
  name: v.optional(v.string()),
  file_url: v.string(),
  file_name: v.optional(v.string()),
  is_private: v.optional(v.union([v.number(), v.boolean()])),
});
export type FileDoc = v.InferOutput<typeof FileDocSchema>;
