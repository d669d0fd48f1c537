import { errorText } from '@/lib/error-text';
import { isFrappeClientError } from '@/lib/frappe';
import { t, type MessageKey } from '@/lib/i18n';
import { PRODUCT_TOAST_MS, toast } from '@/lib/toast';

/** A refusal in the manager's language: by its code from the app's one table, else by what the status means. */
export function adminErrorText(error: unknown): string {
  if (isFrappeClientError(error) && !error.code) {
    if (error.httpStatus === 403) return t('backOffice.err_forbidden');
    if (error.httpStatus === 409) return t('backOffice.err_exists');
  }
  return errorText(error, t);
}

export const httpStatus = (error: unknown) => (isFrappeClientError(error) ? error.httpStatus : 0);

/** Every write says how it went in the product's toast: 9 s, closable. */
export function savedToast(title: MessageKey, params?: Record<string, string | number>, description?: MessageKey) {
  toast({ status: 'success', title: t(title, params), ...(description ? { description: t(description) } : {}), duration: PRODUCT_TOAST_MS, isClosable: true });
}

/** A failed write: "Not saved" and the reason. */
export function failedToast(error: unknown) {
  toast({ status: 'error', title: t('backOffice.saveFailed'), description: adminErrorText(error), duration: PRODUCT_TOAST_MS, isClosable: true });
}

/** A failed write in a screen's own words (the blog's). */
export function failedToastSaying(error: unknown, title: MessageKey, description: MessageKey) {
  // With no answer the server never saw the write: the screen's text (an error, posts still in the category) would
  // be untrue, so the text says to retry; the title stays the same.
  const offline = isFrappeClientError(error) && error.isNetworkError;
  toast({ status: 'error', title: t(title), description: t(offline ? 'blogAdmin.toastOffline' : description), duration: PRODUCT_TOAST_MS, isClosable: true });
}
