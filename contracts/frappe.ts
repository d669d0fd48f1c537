import * as v from 'valibot';
import { noArgs } from './args';
import { methodContract } from './contract';
import { BootInfoSchema, LoginAnswerSchema } from './session';

export { BootInfoSchema, LoginAnswerSchema, type BootInfo, type LoginAnswer } from './session';

/** Frappe's own methods the app calls: who is signed in, sign-in, counting, uploads. */

export const BOOT = methodContract('member_rewards.api.boot', noArgs, BootInfoSchema);

export const LOGIN = methodContract(
  'login',
  v.looseObject({
    usr: v.pipe(v.string('Incomplete login details'), v.trim(), v.minLength(1, 'Incomplete login details'), v.maxLength(200)),
    pwd: v.pipe(v.string('Incomplete login details'), v.minLength(1, 'Incomplete login details'), v.maxLength(500)),
    device: v.optional(v.string()),
  }),
  LoginAnswerSchema,
);

/** Answers `{}`. */
export const LOGOUT = methodContract('logout', noArgs, v.undefined());

export const GET_LOGGED_USER = methodContract('frappe.auth.get_logged_user', noArgs, v.string());

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
