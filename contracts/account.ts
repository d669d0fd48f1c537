import * as v from 'valibot';
import { noArgs } from './args';
import type { RuleCode } from './errors';
import { methodContract } from './contract';
import { isSafeNextPath } from './next-path';

/**
 * Sign-in and profile payloads shared by the app and the server (honda_api.api_calls.getuser.update_profile,
 * verifyuser.getphone / verifyotp, get_profile, get_tier). Each rule's message is its code (contracts/errors.ts):
 * the app says it in the member's language, the server answers with its English sentence.
 */

/** LINE gives no e-mail address (scope openid profile): members start with a placeholder on this domain. */
export const LINE_PLACEHOLDER_DOMAIN = '@line.me';

export const OTP_LENGTH = 6;
/** The phone step asks for a code only above this many digits (spec §5); a valid number has 10. */
export const PHONE_REQUEST_MIN_DIGITS = 8;
export const PHONE_DIGITS = 10;
export const RESEND_SECONDS = 60;

export const onlyDigits = (s: string) => s.replace(/\D/g, '');

/** Digits only; +66 / 66 forms become the national 0XXXXXXXXX form. Null when it is not a Thai mobile number. */
export function normalisePhone(input: string): string | null {
  let digits = onlyDigits(input);
  if (digits.length === 11 && digits.startsWith('66')) digits = `0${digits.slice(2)}`;
  else if (digits.length === 9 && !digits.startsWith('0')) digits = `0${digits}`;
  return /^0\d{9}$/.test(digits) ? digits : null;
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** YYYY-MM-DD, a real calendar date, not in the future, not before 1900. */
export function isValidBirthDate(s: string, now = Date.now()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s) return false;
  return d.getUTCFullYear() >= 1900 && d.getTime() <= now;
}

// Missing fields get the same sentence as empty ones (valibot would otherwise say "Invalid key").
const requiredText = (code: RuleCode, max = 140) =>
  v.pipe(v.optional(v.string(code), ''), v.trim(), v.minLength(1, code), v.maxLength(max, 'too_long' satisfies RuleCode));

/** The profile form (fill-info, edit-profile) and update_profile: the same rules in both places. */
export const profileInputSchema = v.looseObject({
  first_name: requiredText('first_name_required'),
  last_name: requiredText('last_name_required'),
  email: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(200, 'email_invalid' satisfies RuleCode),
        v.check((s) => s === '' || EMAIL_RE.test(s), 'email_invalid' satisfies RuleCode),
      ),
    ),
  ),
  id_card_number: requiredText('id_card_required', 30),
  birth_date: v.pipe(
    v.optional(v.string('birth_date_required' satisfies RuleCode), ''),
    v.trim(),
    v.minLength(1, 'birth_date_required' satisfies RuleCode),
    v.check((s) => isValidBirthDate(s), 'birth_date_invalid' satisfies RuleCode),
  ),
  /** Read-only: sent back as shown; the server refuses a different number. */
  phone: v.optional(v.nullable(v.union([v.string(), v.number()]))),
});
export type ProfileInput = v.InferInput<typeof profileInputSchema>;
export type ProfileValues = v.InferOutput<typeof profileInputSchema>;

/** get_profile's answer (spec §3). */
export const profileSchema = v.looseObject({
  name: v.string(),
  customer_name: v.optional(v.nullable(v.string()), null),
  user: v.optional(v.string()),
  full_name: v.optional(v.string(), ''),
  first_name: v.optional(v.nullable(v.string()), ''),
  last_name: v.optional(v.nullable(v.string()), ''),
  user_image: v.optional(v.nullable(v.string()), null),
  mobile_no: v.optional(v.nullable(v.string()), null),
  phone: v.optional(v.nullable(v.string()), null),
  phone_verified: v.optional(v.boolean()),
  email: v.optional(v.nullable(v.string()), null),
  id_card_number: v.optional(v.nullable(v.string()), null),
  birth_date: v.optional(v.nullable(v.string()), null),
  loyalty_program: v.optional(v.nullable(v.string()), null),
  loyalty_points: v.optional(v.number(), 0),
  loyalty_program_tier: v.optional(v.nullable(v.string()), null),
});
export type Profile = v.InferOutput<typeof profileSchema>;

/** get_tier's answer. */
export const tierSchema = v.looseObject({
  tier_name: v.nullable(v.string()),
  tier_thumbnail: v.optional(v.nullable(v.string()), null),
  next_tier_name: v.optional(v.nullable(v.string()), null),
  points_to_next_tier: v.optional(v.number(), 0),
});
export type Tier = v.InferOutput<typeof tierSchema>;

/** getphone / verifyotp / change_phone answer. */
export const otpAnswerSchema = v.looseObject({ status: v.string(), message: v.optional(v.string(), '') });
export type OtpAnswer = v.InferOutput<typeof otpAnswerSchema>;

// ------------------------------------------------------------------------------------------- methods

/** Where the app continues after LINE: only these in-app addresses may be asked for. */
export const AFTER_LINE = ['/', '/phonverify', '/signup'] as const;

/** LINE Login's authorize address (a fresh state and nonce bound to this browser); `next` is checked as a same-origin path. */
export const AUTHORIZE_URL = methodContract(
  'honda_api.api_calls.linetoken.get_oauth2_authorize_url',
  v.looseObject({
    redirect_to: v.optional(v.picklist(AFTER_LINE, 'Unknown redirect address')),
    next: v.optional(v.pipe(v.string('Unknown redirect address'), v.check((p: string) => isSafeNextPath(p), 'Unknown redirect address'))),
  }),
  v.string(),
);

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

/** Sends a one-time code to the phone (the same answer whoever owns the number). */
export const GET_PHONE = methodContract('honda_api.api_calls.verifyuser.getphone', v.looseObject({ userphone: phoneArg }), otpAnswerSchema);

/** Binds the phone to the caller (never to another `username`). */
export const VERIFY_OTP = methodContract(
  'honda_api.api_calls.verifyuser.verifyotp',
  v.looseObject({ userphone: phoneArg, otp: otpArg, username: v.optional(v.string()) }),
  otpAnswerSchema,
);

/** The change-phone flow: exactly 10 digits and a 6-digit code. */
export const CHANGE_PHONE = methodContract(
  'member_rewards.account.change_phone',
  v.looseObject({
    userphone: v.pipe(phoneArg, v.regex(/^\d{10}$/, PHONE)),
    otp: v.pipe(otpArg, v.regex(/^\d{6}$/, OTP_WRONG)),
    username: v.optional(v.string()),
  }),
  otpAnswerSchema,
);

export const GET_PROFILE = methodContract('headless_e_commerce.api.get_profile', noArgs, profileSchema);

/** The profile form's rules; answers the updated profile. */
export const UPDATE_PROFILE = methodContract('honda_api.api_calls.getuser.update_profile', profileInputSchema, profileSchema);

export const GET_TIER = methodContract(
  'loyalty_program_customizations.overrides.get_tier',
  v.looseObject({
    customer: v.pipe(v.optional(v.string('Customer is required'), ''), v.trim(), v.minLength(1, 'Customer is required'), v.maxLength(140)),
  }),
  tierSchema,
);
