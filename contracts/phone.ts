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
