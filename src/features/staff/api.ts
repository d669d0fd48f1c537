import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { frappe, isFrappeClientError, type BootInfo } from '@/lib/frappe';
import type { MessageKey, MessageParams } from '@/lib/i18n';

export const staffKeys = {
  all: ['staff'] as const,
  session: () => ['staff', 'session'] as const,
  actions: () => ['staff', 'actions'] as const,
};

/** Who is signed in; the /staff route lets Store Staff in and sends everyone else to the staff sign-in. */
export const staffSessionQuery = () =>
  queryOptions({
    queryKey: staffKeys.session(),
    queryFn: ({ signal }) => frappe.boot({ signal }),
    staleTime: 30_000,
  });

export const isStaff = (info: Pick<BootInfo, 'user' | 'roles'>) =>
  info.user !== 'Guest' && (info.roles.includes('Store Staff') || info.roles.includes('System Manager'));

const nullableString = v.optional(v.nullable(v.string()), null);

export const MemberCardSchema = v.looseObject({
  customer: v.string(),
  full_name: v.string(),
  user_image: nullableString,
  tier: nullableString,
  loyalty_points: v.number(),
  member_since: v.string(),
  collection_factor: v.optional(v.nullable(v.number()), null),
  daily_cap: v.number(),
  awarded_today: v.number(),
});
export type MemberCard = v.InferOutput<typeof MemberCardSchema>;

const NoteSchema = v.looseObject({
  name: v.string(),
  status: v.string(),
  submitted_by: nullableString,
  submitted_by_name: nullableString,
  submitted_at: nullableString,
});

export const RewardCardSchema = v.looseObject({
  invoice: v.string(),
  /** The scanned till code: what confirm_reward takes (the invoice name no longer resolves). */
  code: v.string(),
  posting_date: v.string(),
  branch: nullableString,
  loyalty_points: v.number(),
  items: v.array(
    v.looseObject({ item_code: v.string(), item_name: v.string(), image: nullableString, qty: v.number(), loyalty_points: v.number() }),
  ),
  member: v.looseObject({ customer: v.string(), full_name: v.string(), user_image: nullableString }),
  delivery_notes: v.array(NoteSchema),
  confirmed: v.boolean(),
});
export type RewardCard = v.InferOutput<typeof RewardCardSchema>;

export const ResolveSchema = v.variant('kind', [
  v.looseObject({ kind: v.literal('member'), member: MemberCardSchema, scan_token: v.string() }),
  v.looseObject({ kind: v.literal('reward'), reward: RewardCardSchema }),
]);
export type Resolved = v.InferOutput<typeof ResolveSchema>;

export const AwardSchema = v.looseObject({
  customer: v.string(),
  full_name: v.string(),
  points: v.number(),
  amount: v.number(),
  receipt_no: v.string(),
  loyalty_points: v.number(),
  awarded_today: v.number(),
  daily_cap: v.number(),
});
export type AwardResult = v.InferOutput<typeof AwardSchema>;

export const ConfirmSchema = v.looseObject({
  invoice: v.string(),
  confirmed_by: v.string(),
  confirmed_by_name: v.string(),
  confirmed_at: v.string(),
});
export type ConfirmResult = v.InferOutput<typeof ConfirmSchema>;

export const ActionSchema = v.looseObject({
  id: v.number(),
  staff_user: v.string(),
  staff_name: v.string(),
  branch: nullableString,
  action: v.string(),
  target: v.string(),
  detail: v.record(v.string(), v.unknown()),
  created_at: v.string(),
});
export type StaffAction = v.InferOutput<typeof ActionSchema>;

export const actionsQuery = () =>
  queryOptions({
    queryKey: staffKeys.actions(),
    queryFn: ({ signal }) =>
      frappe.call('member_rewards.staff.actions', { limit: 50 }, { signal, schema: v.array(ActionSchema) }),
    refetchInterval: 30_000,
  });

export function useResolveCode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => frappe.call('member_rewards.staff.resolve_code', { code }, { verb: 'POST', schema: ResolveSchema }),
    onSettled: () => qc.invalidateQueries({ queryKey: staffKeys.actions() }),
  });
}

export function useAwardPoints() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (args: { scan_token: string; amount: number; receipt_no: string; key: string }) =>
      frappe.call(
        'member_rewards.staff.award_points',
        { scan_token: args.scan_token, amount: args.amount, receipt_no: args.receipt_no },
        { verb: 'POST', schema: AwardSchema, idempotencyKey: args.key },
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: staffKeys.actions() }),
  });
}

export function useConfirmReward() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => frappe.call('member_rewards.staff.confirm_reward', { code }, { verb: 'POST', schema: ConfirmSchema }),
    onSettled: () => qc.invalidateQueries({ queryKey: staffKeys.actions() }),
  });
}

export function useStaffSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => frappe.logout(),
    onSettled: async () => {
      qc.clear();
      // A full load: the app starts signed out (its session sync wipes what it persisted).
      window.location.assign('/staff-login');
    },
  });
}

/** The catalogue message for a refused staff call (the server's `reason`), with its details. */
export function refusalMessage(error: unknown, formatTime: (iso: string) => string): { key: MessageKey; params?: MessageParams } {
  if (!isFrappeClientError(error)) return { key: 'staff.errGeneric' };
  if (error.isNetworkError) return { key: 'staff.errOffline' };
  const body = error.body as Record<string, unknown>;
  const str = (k: string) => (body[k] === undefined || body[k] === null ? '' : String(body[k]));
  switch (body.reason) {
    case 'code_invalid':
      return { key: 'staff.errCodeInvalid' };
    case 'code_used':
      return { key: 'staff.errCodeUsed' };
    case 'ticket_invalid':
      return { key: 'staff.errTicketInvalid' };
    case 'unknown_code':
      return { key: 'staff.errUnknownCode' };
    case 'other_branch':
      return { key: 'staff.errOtherBranch', params: { branch: str('branch') } };
    case 'already_confirmed':
      return {
        key: 'staff.errAlreadyConfirmed',
        params: { name: str('confirmed_by_name') || str('confirmed_by'), time: body.confirmed_at ? formatTime(str('confirmed_at')) : '' },
      };
    case 'receipt_used':
      return { key: 'staff.errReceiptUsed', params: { receipt: str('receipt_no') } };
    case 'receipt_invalid':
      return { key: 'staff.receiptChars' };
    case 'amount_invalid':
      return { key: 'staff.errAmountInvalid' };
    case 'daily_cap':
      return { key: 'staff.errDailyCap', params: { remaining: str('remaining'), cap: str('cap') } };
    case 'staff_daily_cap':
      return { key: 'staff.errStaffDailyCap' };
    case 'member_blocked':
      return { key: 'staff.errMemberBlocked' };
    case 'no_points':
      return { key: 'staff.errNoPoints', params: { factor: str('collection_factor') } };
    case 'no_branch':
      return { key: 'staff.errNoBranch' };
    case 'phone_not_verified':
      return { key: 'staff.errPhoneNotVerified' };
    default:
      if (error.httpStatus === 429) return { key: 'staff.errTooMany' };
      return { key: 'staff.errGeneric' };
  }
}
