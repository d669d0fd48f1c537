import * as v from 'valibot';
import { isFrappeClientError, type BootInfo } from '@/lib/frappe';
import type { MessageKey, MessageParams } from '@/lib/i18n';
import { CapRefusalSchema } from '../../../contracts/staff';

// The /staff route's guard asks who is signed in.
export { sessionQuery as staffSessionQuery } from '@/entities/session';

export const isStaff = (info: Pick<BootInfo, 'user' | 'roles'>) =>
  info.user !== 'Guest' && (info.roles.includes('Store Staff') || info.roles.includes('System Manager'));

interface Formats {
  time: (iso: string) => string;
  number: (n: number) => string;
}

type Refusal = { key: MessageKey; params?: MessageParams };

/**
 * A receipt over a cap: what it would give and what can still be given today, from the refusal's figures (`left`
 * while some can, `none` when nothing can); `plain` when the figures are missing.
 */
function capMessage(body: unknown, fmt: Formats, keys: { left: MessageKey; none: MessageKey; plain: MessageKey }): Refusal {
  const figures = v.safeParse(CapRefusalSchema, body);
  if (!figures.success) return { key: keys.plain };
  const { points, remaining, cap } = figures.output;
  return { key: remaining > 0 ? keys.left : keys.none, params: { points: fmt.number(points), remaining: fmt.number(remaining), cap: fmt.number(cap) } };
}

/** The catalogue message for a refused staff call (by its code), with its details in the staff member's language. */
export function refusalMessage(error: unknown, fmt: Formats): Refusal {
  if (!isFrappeClientError(error)) return { key: 'staff.errGeneric' };
  if (error.isNetworkError) return { key: 'staff.errOffline' };
  const body = error.body as Record<string, unknown>;
  const str = (k: string) => (body[k] === undefined || body[k] === null ? '' : String(body[k]));
  switch (error.code) {
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
        params: { name: str('confirmed_by_name') || str('confirmed_by'), time: body.confirmed_at ? fmt.time(str('confirmed_at')) : '' },
      };
    case 'receipt_used':
      return { key: 'staff.errReceiptUsed', params: { receipt: str('receipt_no') } };
    case 'receipt_invalid':
      return { key: 'staff.receiptChars' };
    case 'amount_invalid':
      return { key: 'staff.errAmountInvalid' };
    case 'daily_cap':
      return capMessage(body, fmt, { left: 'staff.errDailyCapLeft', none: 'staff.errDailyCapNone', plain: 'staff.errDailyCap' });
    case 'staff_daily_cap':
      return capMessage(body, fmt, { left: 'staff.errStaffDailyCapLeft', none: 'staff.errStaffDailyCapNone', plain: 'staff.errStaffDailyCap' });
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
