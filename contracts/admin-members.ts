import * as v from 'valibot';
import { methodContract } from './contract';
import { boundedNumber, optionalText, pageArgs, requiredText, searchText, yesNo } from './args';

/**
 * The back office's members (member_rewards.admin.*): finding a member, their summary (profile, balance, ledger,
 * orders, devices) and blocking them.
 */

export const MEMBER_METHODS = {
  searchMembers: 'member_rewards.admin.search_members',
  memberSummary: 'member_rewards.admin.member_summary',
  setMemberBlocked: 'member_rewards.admin.set_member_blocked',
} as const;
const M = MEMBER_METHODS;

/** The member a back-office method is about. */
export const customerArg = requiredText('Customer is required', 140);

export const SearchMembersArgs = v.looseObject({
  /** Phone, name, e-mail, member number (customer) or a scanned member code; empty lists every member. */
  q: searchText(),
  ...pageArgs(100),
});

export const MemberRowSchema = v.object({
  customer: v.string(),
  user: v.string(),
  full_name: v.string(),
  mobile_no: v.nullable(v.string()),
  email: v.nullable(v.string()),
  member_since: v.string(),
  loyalty_points: v.number(),
  blocked: v.boolean(),
});
export type MemberRow = v.InferOutput<typeof MemberRowSchema>;

export const SearchMembersAnswer = v.object({ rows: v.array(MemberRowSchema), total: v.number() });

export const MemberSummaryArgs = v.looseObject({
  customer: customerArg,
  ledger_start: v.optional(boundedNumber(0, 1_000_000_000, 'ledger_start must be a whole number, 0 or more')),
  ledger_limit: v.optional(boundedNumber(1, 200, 'ledger_limit must be a whole number from 1 to 200')),
});

export const LedgerRowSchema = v.object({
  name: v.string(),
  entry_type: v.string(),
  source: v.string(),
  loyalty_points: v.number(),
  posting_date: v.string(),
  expiry_date: v.string(),
  invoice: v.nullable(v.string()),
  redeem_against: v.nullable(v.string()),
  reason: v.nullable(v.string()),
  note: v.nullable(v.string()),
  member_text: v.nullable(v.string()),
  staff_user: v.nullable(v.string()),
  receipt_no: v.nullable(v.string()),
  creation: v.string(),
});
export type LedgerRow = v.InferOutput<typeof LedgerRowSchema>;

const NoteSchema = v.object({ name: v.string(), status: v.string(), branch: v.nullable(v.string()), submitted_at: v.nullable(v.string()) });
const OrderRowSchema = v.object({
  name: v.string(),
  order_type: v.string(),
  posting_date: v.string(),
  status: v.string(),
  grand_total: v.number(),
  loyalty_points: v.number(),
  branch: v.nullable(v.string()),
  delivery_notes: v.array(NoteSchema),
});

export const MemberSummaryAnswer = v.object({
  customer: v.string(),
  user: v.string(),
  full_name: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  email: v.nullable(v.string()),
  mobile_no: v.nullable(v.string()),
  phone_verified: v.boolean(),
  user_image: v.nullable(v.string()),
  member_since: v.string(),
  loyalty_program: v.nullable(v.string()),
  loyalty_points: v.number(),
  points_earned: v.number(),
  tier: v.object({ tier_name: v.nullable(v.string()), next_tier_name: v.nullable(v.string()), points_to_next_tier: v.number() }),
  batches: v.array(v.object({ name: v.string(), posting_date: v.string(), expiry_date: v.string(), available: v.number() })),
  ledger: v.object({ rows: v.array(LedgerRowSchema), total: v.number(), start: v.number() }),
  /** The latest purchases and reward orders (20 of each); the Sales Invoice list pages through the rest. */
  orders: v.array(OrderRowSchema),
  reward_orders: v.array(OrderRowSchema),
  /** Member-code devices: never their secrets. */
  devices: v.array(
    v.object({ device_id: v.string(), member_no: v.number(), created_at: v.string(), revoked_at: v.nullable(v.string()), last_used_step: v.nullable(v.number()) }),
  ),
  blocked: v.object({ blocked: v.boolean(), reason: v.nullable(v.string()), at: v.nullable(v.string()), by: v.nullable(v.string()) }),
  /**
   * Set for a Branch Manager looking at a member never active at their branch (earned, redeemed or collected
   * there): the answer then holds at most the name, the tier and a masked phone (`08x-xxx-1234`).
   */
  limited: v.optional(v.literal(true)),
});
export type MemberSummary = v.InferOutput<typeof MemberSummaryAnswer>;

// ------------------------------------------------------------------------------------------- blocking

export const SetMemberBlockedArgs = v.pipe(
  v.looseObject({
    customer: customerArg,
    blocked: yesNo('blocked must be 0 or 1'),
    reason: optionalText(500, 'Reason must be at most 500 characters'),
  }),
  v.check((a) => !a.blocked || Boolean(a.reason), 'Reason is required'),
);

export const SetMemberBlockedAnswer = v.object({
  customer: v.string(),
  blocked: v.boolean(),
  reason: v.nullable(v.string()),
  at: v.nullable(v.string()),
  by: v.nullable(v.string()),
});

/**
 * By phone (any part, any format), name, e-mail, member number (customer), or a live scanned member code (that member
 * only). `limit` is at most 100.
 */
export const SEARCH_MEMBERS = methodContract(M.searchMembers, SearchMembersArgs, SearchMembersAnswer);

/**
 * Profile, balance, open batches with their expiry, tier and progress, a ledger page with reasons, internal notes and
 * member texts, the latest 20 orders and 20 reward orders with their delivery notes, member-code devices (never their
 * secrets), the blocked state; 404 `member_not_found`. `ledger_limit` is at most 200.
 */
export const MEMBER_SUMMARY = methodContract(M.memberSummary, MemberSummaryArgs, MemberSummaryAnswer);

/**
 * Blocking (a reason is required) disables the member's account and revokes their sessions, API keys and member codes
 * in one transaction: they cannot sign in (LINE or password), redeem or be awarded points; unblocking lets them sign in
 * again. Audited.
 */
export const SET_MEMBER_BLOCKED = methodContract(M.setMemberBlocked, SetMemberBlockedArgs, SetMemberBlockedAnswer);
