import * as v from 'valibot';
import { doctypeContract, methodContract, rawMethodContract } from './contract';
import { isSafeNextPath } from './next-path';
import { noticeVersionArg } from './args';

/**
 * Who the member is, as every screen reads it (get_profile, get_tier, LINE sign-in), and the phone-number rules.
 * The profile form's rules and the phone verification are apart (./profile.ts, ./phone.ts): the first screen
 * does not load them.
 */

/** LINE gives no e-mail address (scope openid profile): members start with a placeholder on this domain. */
export const LINE_PLACEHOLDER_DOMAIN = '@line.me';

export const OTP_LENGTH = 6;
/** The phone step asks for a code only above this many digits; a valid number has 10. */
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

/** get_profile's answer. */
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
  /** The points that count toward a tier (within the programme's tier window): the progress to the next one. */
  points_earned: v.optional(v.number(), 0),
});
export type Tier = v.InferOutput<typeof tierSchema>;

// ------------------------------------------------------------------------------------------- methods

/** Where the app continues after LINE: only these in-app addresses may be asked for. */
export const AFTER_LINE = ['/', '/phonverify', '/signup'] as const;

/**
 * LINE Login v2.1's authorize address (scope `openid profile`, `bot_prompt=aggressive`: friendship with the linked
 * official account is offered) with a random `state` and `nonce` bound to this browser in an HMAC-signed HttpOnly
 * cookie, which also keeps `next`: the in-app page to land on afterwards (a same-origin path only: a single leading
 * `/`, no `//`, no backslash, no scheme or whitespace; 417 otherwise), and `privacy_version`: the privacy notice
 * the modal showed (417 `privacy_version_unknown` for one never published), recorded as the member's consent when the
 * sign-in completes (without it, the current version). Without `LINE_CHANNEL_ID`, the address of the development
 * LINE page (refused in production).
 */
export const AUTHORIZE_URL = methodContract(
  'honda_api.api_calls.linetoken.get_oauth2_authorize_url',
  v.looseObject({
    redirect_to: v.optional(v.picklist(AFTER_LINE, 'Unknown redirect address')),
    next: v.optional(v.pipe(v.string('Unknown redirect address'), v.check((p: string) => isSafeNextPath(p), 'Unknown redirect address'))),
    /** The privacy notice version the modal showed: recorded as the member's consent when the sign-in completes. */
    privacy_version: v.optional(noticeVersionArg()),
  }),
  v.string(),
);

/**
 * LINE sends the browser back here after LINE Login (a redirect, not an answer): it checks `state`, exchanges the code,
 * verifies the id_token (signature, issuer, audience = channel id, expiry, nonce), finds or creates the member by
 * LINE's `sub` (with their Customer), starts the cookie session and redirects to `/phonverify?next=…` (phone not
 * verified) or to `next` (else `/`); failures redirect to `/login?error=line`. No credential ever goes into a URL.
 */
export const LINE_CALLBACK = rawMethodContract(
  'honda_api.api_calls.linehandle.login_via_line',
  v.looseObject({
    code: v.optional(v.pipe(v.string(), v.maxLength(512))),
    state: v.optional(v.pipe(v.string(), v.maxLength(512))),
    error: v.optional(v.string()),
  }),
);

/**
 * The caller's own profile: `name` (the customer), names, picture, phone, e-mail, ID card number, birth date, points
 * and tier.
 */
export const GET_PROFILE = methodContract('headless_e_commerce.api.get_profile', v.looseObject({}), profileSchema);

/**
 * The member's own customer only: the tier from the points earned in the rules' tier window (what counts:
 * contracts/loyalty.ts) under the tiers in effect today, and what the next one needs.
 */
export const GET_TIER = methodContract(
  'loyalty_program_customizations.overrides.get_tier',
  v.looseObject({
    customer: v.pipe(v.optional(v.string('Customer is required'), ''), v.trim(), v.minLength(1, 'Customer is required'), v.maxLength(140)),
  }),
  tierSchema,
);

/** User over /api/resource: each signed-in caller reads only their own record. */
export const USER = doctypeContract(
  'User',
  v.looseObject({ name: v.string(), full_name: v.optional(v.string()), user_image: v.optional(v.nullable(v.string())) }),
  ['name', 'full_name', 'user_image'],
);
