import { isFrappeClientError, type BootInfo } from '@/lib/frappe';
import type { MessageKey, MessageParams } from '@/lib/i18n';

// The /staff route's guard asks who is signed in.
export { sessionQuery as staffSessionQuery } from '@/entities/session';

export const isStaff = (info: Pick<BootInfo, 'user' | 'roles'>) =>
  info.user !== 'Guest' && (info.roles.includes('Store Staff') || info.roles.includes('System Manager'));

/** The catalogue message for a refused staff call (by its code), with its details. */
export function refusalMessage(error: unknown, formatTime: (iso: string) => string): { key: MessageKey; params?: MessageParams } {
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
