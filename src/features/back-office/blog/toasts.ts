import { isFrappeClientError } from '@/lib/frappe';
import { t, type MessageKey } from '@/lib/i18n';
import { PRODUCT_TOAST_MS, toast } from '@/lib/toast';

/** The product's toasts: 9000 ms, closable; errors have status error. */
export function successToast(title: MessageKey, description: MessageKey) {
  toast({ status: 'success', title: t(title), description: t(description), duration: PRODUCT_TOAST_MS, isClosable: true });
}

export function errorToast(title: MessageKey, description: MessageKey, error?: unknown) {
  // With no answer the server never saw the write: the usual texts (an error, or posts still in the category)
  // would be untrue, so the text says to retry; the title stays the same.
  const offline = isFrappeClientError(error) && error.isNetworkError;
  toast({
    status: 'error',
    title: t(title),
    description: offline ? t('blogAdmin.toastOffline') : t(description),
    duration: PRODUCT_TOAST_MS,
    isClosable: true,
  });
}

export const httpStatus = (error: unknown) => (isFrappeClientError(error) ? error.httpStatus : 0);
