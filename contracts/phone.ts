import * as v from 'valibot';
import { methodContract } from './contract';
import type { RuleCode } from './errors';

/** Phone verification: a one-time code sent to the phone, then bound to the signed-in member. */

/** getphone / verifyotp / change_phone answer. */
export const otpAnswerSchema = v.looseObject({ status: v.string(), message: v.optional(v.string(), '') });
export type OtpAnswer = v.InferOutput<typeof otpAnswerSchema>;

// Missing arguments get the same sentence as empty ones (valibot would otherwise say "Invalid key").
const PHONE: RuleCode = 'phone_invalid';
const OTP_REQUIRED: RuleCode = 'otp_required';
const OTP_WRONG: RuleCode = 'otp_wrong';
const phoneArg = v.pipe(
  v.optional(v.union([v.string(PHONE), v.number(PHONE)], PHONE), ''),
  v.transform((x) => String(x)),
  v.minLength(1, PHONE),
  v.maxLength(32, PHONE),
);
const otpArg = v.pipe(
  v.optional(v.union([v.string(OTP_REQUIRED), v.number(OTP_REQUIRED)], OTP_REQUIRED), ''),
  v.transform((x) => String(x).replace(/\D/g, '')),
  v.minLength(1, OTP_REQUIRED),
  v.maxLength(12, OTP_WRONG),
);

/**
 * Sends a 6-digit code (hashed, 5 minutes, single use); resend after 60 s; per-phone and per-IP limits (429); the same
 * answer whoever owns the number. As a GET with a cookie session it needs the CSRF header or a request from our own
 * page. The messages of the phone methods are in the language of `Accept-Language` (`th`/`en`, which the app sends from
 * the language on screen), else the member's own.
 */
export const GET_PHONE = methodContract('honda_api.api_calls.verifyuser.getphone', v.looseObject({ userphone: phoneArg }), otpAnswerSchema);

/**
 * Binds the phone to the caller only (another `username` is refused); 5 wrong tries kill the code; a phone bound to
 * another member is refused without saying whose; the first verification gives the sign-up bonus (rule `signup_bonus`),
 * once per member, in the same transaction.
 */
export const VERIFY_OTP = methodContract(
  'honda_api.api_calls.verifyuser.verifyotp',
  v.looseObject({ userphone: phoneArg, otp: otpArg, username: v.optional(v.string()) }),
  otpAnswerSchema,
);

/**
 * The change-phone flow (a code sent to the new number by getphone, then this): exactly 10 digits and a 6-digit code.
 */
export const CHANGE_PHONE = methodContract(
  'member_rewards.account.change_phone',
  v.looseObject({
    userphone: v.pipe(phoneArg, v.regex(/^\d{10}$/, PHONE)),
    otp: v.pipe(otpArg, v.regex(/^\d{6}$/, OTP_WRONG)),
    username: v.optional(v.string()),
  }),
  otpAnswerSchema,
);

/** The original app's name for the change-phone step (its UpdatePhone screen): the same arguments and answer. */
export const UPDATE_PHONE_VERIFY = methodContract('honda_api.api_calls.verifyuser.update_phone_verify', CHANGE_PHONE.args, CHANGE_PHONE.returns);

/**
 * Development only: the SMS outbox, newest first, the codes that would have been texted (refused when
 * `NODE_ENV=production` or an SMS gateway is configured). Readable only from the server's own machine (loopback, not
 * through a proxy) or by a System Manager: 403 otherwise.
 */
export const SMS_OUTBOX = methodContract(
  'member_rewards.dev.sms_outbox',
  v.looseObject({ phone: v.optional(v.string()), limit: v.optional(v.string()) }),
  v.array(v.object({ phone: v.string(), body: v.string(), created_at: v.string() })),
);
