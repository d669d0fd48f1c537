import type { ErrorCode } from '../../../../contracts/errors';
import { errorText } from '@/lib/error-text';
import { isFrappeClientError } from '@/lib/frappe';
import { t, type MessageKey } from '@/lib/i18n';
import { PRODUCT_TOAST_MS, toast } from '@/lib/toast';

/** The back office's refusals by code, in the manager's language; anything else as the app says it elsewhere. */
export const BACK_OFFICE_CODES: Partial<Record<ErrorCode, MessageKey>> = {
  item_in_use: 'backOffice.err_itemInUse',
  item_code_fixed: 'backOffice.err_itemCodeFixed',
  unknown_tier: 'backOffice.err_unknownTier',
  invalid_schedule: 'backOffice.err_invalidSchedule',
  member_not_found: 'backOffice.err_memberNotFound',
  negative_balance: 'backOffice.err_negativeBalance',
  unknown_reason: 'backOffice.err_unknownReason',
  import_bad_header: 'backOffice.err_importBadHeader',
  import_has_errors: 'backOffice.err_importHasErrors',
  staff_not_found: 'backOffice.err_staffNotFound',
  cannot_change_self: 'backOffice.err_cannotChangeSelf',
  role_not_allowed: 'backOffice.err_roleNotAllowed',
  not_your_branch: 'backOffice.err_notYourBranch',
  mail_unavailable: 'backOffice.err_mailUnavailable',
  email_in_use: 'backOffice.err_emailInUse',
  file_too_large: 'backOffice.err_fileTooLarge',
  file_type_not_allowed: 'backOffice.err_fileType',
  order_not_found: 'backOffice.err_orderNotFound',
  order_cancelled: 'backOffice.err_orderCancelled',
  reward_used: 'backOffice.err_rewardUsed',
  not_cancellable: 'backOffice.err_notCancellable',
  order_paid: 'backOffice.err_orderPaid',
  order_not_paid: 'backOffice.err_orderNotPaid',
  refund_too_large: 'backOffice.err_refundTooLarge',
};

export function adminErrorText(error: unknown): string {
  const code = isFrappeClientError(error) ? error.code : undefined;
  const key = code ? BACK_OFFICE_CODES[code] : undefined;
  if (key) return t(key);
  if (isFrappeClientError(error) && error.httpStatus === 403) return t('backOffice.err_forbidden');
  if (isFrappeClientError(error) && error.httpStatus === 409) return t('backOffice.err_exists');
  return errorText(error, t);
}

/** Every write says how it went in the product's toast: 9 s, closable. */
export function savedToast(title: MessageKey, params?: Record<string, string | number>) {
  toast({ status: 'success', title: t(title, params), duration: PRODUCT_TOAST_MS, isClosable: true });
}

export function failedToast(error: unknown) {
  toast({ status: 'error', title: t('backOffice.saveFailed'), description: adminErrorText(error), duration: PRODUCT_TOAST_MS, isClosable: true });
}
