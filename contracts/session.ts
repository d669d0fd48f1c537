import * as v from 'valibot';

/** What says who is signed in: Frappe's boot and login answers (the app's client reads them on every screen). */

/** Who is signed in (user 'Guest' when signed out), the CSRF token for writes and the upload limit in bytes. */
export const BootInfoSchema = v.looseObject({
  user: v.string(),
  roles: v.optional(v.array(v.string()), []),
  full_name: v.optional(v.nullable(v.string()), null),
  csrf_token: v.optional(v.nullable(v.string()), null),
  branch: v.optional(v.nullable(v.string()), null),
  max_file_size: v.optional(v.number()),
});
export type BootInfo = v.InferOutput<typeof BootInfoSchema>;

/** Frappe's login answer (the whole body, not a `message`), plus the CSRF token. */
export const LoginAnswerSchema = v.looseObject({
  message: v.optional(v.string()),
  home_page: v.optional(v.string()),
  full_name: v.optional(v.string()),
  csrf_token: v.optional(v.nullable(v.string())),
});
export type LoginAnswer = v.InferOutput<typeof LoginAnswerSchema>;
