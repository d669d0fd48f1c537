import * as v from 'valibot';
import { noArgs, noticeVersionArg } from './args';
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
  /** The privacy notice version the app showed (recorded as the member's consent); without it, the current one. */
  privacy_version: v.optional(noticeVersionArg()),
});

/** The session liff_login started (or kept): who, and the CSRF token for the writes that follow. */
export const liffLoginAnswerSchema = v.object({
  user: v.string(),
  full_name: v.string(),
  csrf_token: v.string(),
  phone_verified: v.boolean(),
});
export type LiffLoginAnswer = v.InferOutput<typeof liffLoginAnswerSchema>;

/**
 * Which LIFF the app's /liff entry loads: `{mode: "line", liff_id}` with `LIFF_ID`, `{mode: "dev", liff_id: null}` for
 * the development stand-in; 417 `liff_unavailable` in production without `LIFF_ID`.
 */
export const LIFF_CONFIG = methodContract('member_rewards.account.liff_config', noArgs, liffConfigSchema);

/**
 * The raw ID token LIFF gave the app (`liff.getIDToken()`; no profile data is taken from the client), verified like
 * LINE Login's (signature with LINE's keys, issuer, audience = `LINE_CHANNEL_ID`, expiry); finds or creates the member
 * by LINE's `sub` (the same member LINE Login finds) and starts the cookie session, or keeps the one that member
 * already holds. The privacy-notice consent is recorded with `privacy_version` (the version the app showed; without
 * it, the current one; 417 `privacy_version_unknown` for one never published). A refused token is 401 `liff_login_failed`; 60 per IP per 15 minutes.
 */
export const LIFF_LOGIN = methodContract('member_rewards.account.liff_login', liffLoginArgsSchema, liffLoginAnswerSchema);
