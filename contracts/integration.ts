import * as v from 'valibot';
import { boundedNumber, optionalText } from './args';
import { methodContract } from './contract';
import { AMOUNT_MAX, RECEIPT_NO_MAX, RECEIPT_NO_PATTERN } from './staff';

/**
 * What a brand's till or web shop does with a member, as an API client (contracts/api-clients.ts): look the member
 * up, earn points for a receipt and take them back on a return, hold points as payment and capture or release them,
 * confirm a reward. The member is named by `phone`, `member_code` (a rotating code scanned from the member's app,
 * checked as the till checks it) or `customer`; a receipt by `receipt_no` and `branch` (a client bound to a branch
 * may leave `branch` out, and may name no other).
 */

/** How long a hold lasts unless captured or released: 1 to 15 minutes, 5 by default. */
export const HOLD_MINUTES = { min: 1, max: 15, default: 5 } as const;

const MEMBER_REQUIRED = 'Name the member by phone, member_code or customer';

const memberArgs = {
  phone: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform((x) => String(x).replace(/\D/g, '')), v.maxLength(15, 'The phone number is too long'))),
  member_code: optionalText(64, 'The member code is too long'),
  customer: optionalText(140, 'The customer is too long'),
};
/** Exactly one way of naming the member. */
const oneMember = <T extends { phone?: string; member_code?: string | null; customer?: string | null }>(a: T) =>
  [a.phone, a.member_code, a.customer].filter((x) => x !== undefined && x !== null && x !== '').length === 1;

const receiptNo = v.pipe(
  v.optional(v.string('Receipt number is required'), ''),
  v.trim(),
  v.minLength(1, 'Receipt number is required'),
  v.maxLength(RECEIPT_NO_MAX, 'Receipt number is too long'),
  v.regex(RECEIPT_NO_PATTERN, 'Receipt number may contain only letters, digits, - / _ .'),
  v.transform((s) => s.toUpperCase()),
);
const branchArg = optionalText(140, 'The branch is too long');
const baht = (message: string) =>
  v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.trim(), v.regex(/^\d+(\.\d{1,2})?$/, message), v.transform(Number))], message),
    v.finite(message),
    v.minValue(0.01, message),
    v.maxValue(AMOUNT_MAX, message),
    v.transform((x) => Math.round(x * 100) / 100),
  );
const AMOUNT = 'Amount must be more than 0 and at most 1,000,000 baht';
const POINTS = 'Points must be a whole number from 1 to 1,000,000';

/** The member as a till needs them: the phone masked, the spendable points and the points held. */
export const IntegrationMemberSchema = v.object({
  customer: v.string(),
  full_name: v.string(),
  tier: v.nullable(v.string()),
  /** Points the member can spend now (held points are not). */
  points: v.number(),
  held_points: v.number(),
  /** `08x-xxx-1234`. */
  phone: v.nullable(v.string()),
});

/** Looks a member up (scope members:read). A member code is only read: looking up does not use it up. */
export const LOOKUP_MEMBER = methodContract(
  'member_rewards.integration.lookup_member',
  v.pipe(v.looseObject(memberArgs), v.check(oneMember, MEMBER_REQUIRED)),
  IntegrationMemberSchema,
);

const LineSchema = v.looseObject({
  item_code: optionalText(140, 'The item code is too long'),
  item_group: optionalText(140, 'The item group is too long'),
  qty: v.optional(boundedNumber(1, 100_000, 'Quantity must be a whole number from 1 to 100,000')),
  amount: baht(AMOUNT),
});

export const EarnAnswer = v.object({
  customer: v.string(),
  receipt_no: v.string(),
  branch: v.string(),
  amount: v.number(),
  points: v.number(),
  /** The member's spendable points after the receipt. */
  balance: v.number(),
  /** The ledger line of the receipt. */
  entry: v.string(),
  multiplier: v.number(),
  campaign: v.nullable(v.string()),
  /** True when this receipt had been posted before: the first post's answer, nothing more awarded. */
  duplicate: v.boolean(),
});

/**
 * Points for a receipt (scope points:earn), computed by the programme's rules of today exactly as the till does;
 * `lines` (item code, item group, quantity, amount) let item-group campaigns apply and must add up to `amount`. The
 * receipt number is used once per client and branch: posting it again answers the first result and awards nothing.
 */
export const INTEGRATION_EARN = methodContract(
  'member_rewards.integration.earn',
  v.pipe(
    v.looseObject({
      ...memberArgs,
      receipt_no: receiptNo,
      branch: branchArg,
      amount: baht(AMOUNT),
      lines: v.optional(v.pipe(v.array(LineSchema, 'Lines must be a list'), v.minLength(1, 'Lines must not be empty'), v.maxLength(500, 'At most 500 lines'))),
    }),
    v.check(oneMember, MEMBER_REQUIRED),
    v.check((a) => !a.lines || Math.round(a.lines.reduce((s, l) => s + l.amount * 100, 0)) === Math.round(a.amount * 100), 'The lines must add up to the amount'),
  ),
  EarnAnswer,
);

/**
 * A return (scope points:earn): `amount` baht of the receipt (all that is left when omitted) comes back, and the
 * points the receipt earned are taken back in proportion, never more than once in all. What the member has already
 * spent cannot be taken: it is the shortfall, recorded with the receipt.
 */
export const INTEGRATION_REVERSE = methodContract(
  'member_rewards.integration.reverse',
  v.looseObject({ receipt_no: receiptNo, branch: branchArg, amount: v.optional(baht(AMOUNT)) }),
  v.object({
    receipt_no: v.string(),
    branch: v.string(),
    customer: v.string(),
    amount: v.number(),
    /** Baht of the receipt returned so far, this return included. */
    reversed_amount: v.number(),
    points_due: v.number(),
    points_reversed: v.number(),
    points_shortfall: v.number(),
    balance: v.number(),
  }),
);

export const HoldSchema = v.object({
  hold: v.string(),
  customer: v.string(),
  receipt_no: v.string(),
  points: v.number(),
  status: v.picklist(['held', 'captured', 'released', 'expired']),
  captured_points: v.nullable(v.number()),
  expires_at: v.string(),
  /** The member's spendable points after the call. */
  balance: v.number(),
});

/**
 * Holds points as payment (scope points:redeem): they leave the spendable balance at once, until captured, released,
 * or `expires_in_minutes` (1 to 15, default 5) pass.
 */
export const INTEGRATION_HOLD = methodContract(
  'member_rewards.integration.hold',
  v.pipe(
    v.looseObject({
      ...memberArgs,
      points: boundedNumber(1, 1_000_000, POINTS),
      receipt_no: receiptNo,
      branch: branchArg,
      expires_in_minutes: v.optional(
        boundedNumber(HOLD_MINUTES.min, HOLD_MINUTES.max, `expires_in_minutes must be a whole number from ${HOLD_MINUTES.min} to ${HOLD_MINUTES.max}`),
        HOLD_MINUTES.default,
      ),
    }),
    v.check(oneMember, MEMBER_REQUIRED),
  ),
  HoldSchema,
);

const holdArg = v.pipe(v.optional(v.string('hold is required'), ''), v.trim(), v.minLength(1, 'hold is required'), v.maxLength(64, 'hold is required'));

/** Takes the held points (or `points` of them; the rest are released) as a redemption on the member's ledger. */
export const INTEGRATION_CAPTURE = methodContract(
  'member_rewards.integration.capture',
  v.looseObject({ hold: holdArg, points: v.optional(boundedNumber(1, 1_000_000, POINTS)) }),
  HoldSchema,
);

/** Gives the held points back to the spendable balance. */
export const INTEGRATION_RELEASE = methodContract('member_rewards.integration.release', v.looseObject({ hold: holdArg }), HoldSchema);

/** A reward handed over (scope rewards:confirm), by its reward code, exactly as the till confirms it. */
export const INTEGRATION_CONFIRM_REWARD = methodContract(
  'member_rewards.integration.confirm_reward',
  v.looseObject({
    code: v.pipe(v.optional(v.string('Code is required'), ''), v.trim(), v.minLength(1, 'Code is required'), v.maxLength(64, 'Code is required')),
    branch: branchArg,
  }),
  v.object({ invoice: v.string(), confirmed_at: v.string(), delivery_notes: v.array(v.string()) }),
);
