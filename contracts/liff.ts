import * as v from 'valibot';
import { noArgs } from './args';
import { methodContract } from './contract';

/**
 * Inside LINE (LIFF): member_rewards.account.liff_config and liff_login. Apart from contracts/account.ts, which
 * the first screen loads: these schemas travel only with /liff.
 */

/** How the app signs in inside LINE: LINE's LIFF SDK with this LIFF app, or the development stand-in. */
export const liffConfigSchema = v.object({ mode: v.picklist(['line', 'dev']), liff_id: v.nullable(v.string()) });
export type LiffConfig = v.InferOutput<typeof liffConfigSchema>;

export const liffLoginArgsSchema = v.looseObject({
  id_token: v.pipe(
    v.optional(v.string('An ID token is required'), ''),
    v.minLength(1, 'An ID token is required'),
    v.maxLength(4096, 'This ID token is too long'),
  ),
});

/** The session liff_login started (or kept): who, and the CSRF token for the writes that follow. */
export const liffLoginAnswerSchema = v.object({
  user: v.string(),
  full_name: v.string(),
  csrf_token: v.string(),
  phone_verified: v.boolean(),
});
export type LiffLoginAnswer = v.InferOutput<typeof liffLoginAnswerSchema>;

export const LIFF_CONFIG = methodContract('member_rewards.account.liff_config', noArgs, liffConfigSchema);
export const LIFF_LOGIN = methodContract('member_rewards.account.liff_login', liffLoginArgsSchema, liffLoginAnswerSchema);
