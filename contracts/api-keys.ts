import * as v from 'valibot';
import { methodContract } from './contract';

/**
 * API tokens for API clients (the Frappe `Authorization: token key:secret` header): issued by the token login, listed
 * and revoked by their holder (a System Manager: anyone's). The secret is shown once and stored hashed.
 */

const userArg = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)));

/**
 * frappeauth_app's token login for API clients: `message.token` is `key:secret` (the secret stored hashed) for
 * `Authorization: token key:secret`; the original's answer `{status_code, text, user, token}` with its defects fixed
 * (arguments by name, extra keys ignored, Website Users too). Its tries count with `login`'s, per account and per IP.
 */
export const TOKEN_LOGIN = methodContract(
  'frappeauth_app.authentication.login',
  v.looseObject({
    usr: v.pipe(v.optional(v.string('Incomplete login details'), ''), v.trim(), v.minLength(1, 'Incomplete login details'), v.maxLength(200)),
    pwd: v.pipe(v.optional(v.string('Incomplete login details'), ''), v.minLength(1, 'Incomplete login details'), v.maxLength(500)),
  }),
  v.object({ status_code: v.literal(200), text: v.picklist(['Logged In', 'No App']), user: v.string(), token: v.string() }),
);

/**
 * The caller's live API keys (never their secrets), newest first; a System Manager may name any `user` (another user's
 * keys are a 404 to anyone else: no probing for who holds keys).
 */
export const API_KEYS = methodContract(
  'member_rewards.auth.api_keys',
  v.looseObject({ user: userArg }),
  v.array(
    v.object({
      api_key: v.string(),
      user: v.string(),
      created_at: v.string(),
      expires_at: v.string(),
      last_used_at: v.nullable(v.string()),
    }),
  ),
);

/**
 * Revokes one key (`api_key`), or without one every key of the caller (a System Manager: of `user`, or any key);
 * answers how many went.
 */
export const REVOKE_API_KEY = methodContract(
  'member_rewards.auth.revoke_api_key',
  v.looseObject({ api_key: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))), user: userArg }),
  v.object({ revoked: v.number() }),
);
