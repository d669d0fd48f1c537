import { notifications, type NotificationData } from '@mantine/notifications';
import { t } from './i18n';

/**
 * The generic toast helper: five statuses, six positions, the product's 9000 ms closable toasts,
 * and a promise toast that shows "loading" with no time-out until the promise settles, then success or error
 * for 5000 ms. The container is mounted once by the app shell (src/components/toaster.tsx).
 */
export type ToastStatus = 'info' | 'warning' | 'success' | 'error' | 'loading';
export type ToastPosition = 'top' | 'top-left' | 'top-right' | 'bottom' | 'bottom-left' | 'bottom-right';

export const TOAST_POSITIONS: readonly ToastPosition[] = ['top', 'top-left', 'top-right', 'bottom', 'bottom-left', 'bottom-right'];
/** The product's toasts. */
export const PRODUCT_TOAST_MS = 9000;
/** The library default for the settled state of a promise toast. */
export const PROMISE_TOAST_MS = 5000;

export interface ToastOptions {
  title: string;
  description?: string;
  status?: ToastStatus;
  /** ms; null keeps it until closed. Default 9000 (loading: no time-out). */
  duration?: number | null;
  isClosable?: boolean;
  position?: ToastPosition;
  id?: string;
}

const COLORS: Record<ToastStatus, string> = {
  info: 'blue',
  warning: 'yellow',
  success: 'teal',
  error: 'red',
  loading: 'gray',
};

const toMantinePosition = (p: ToastPosition): NonNullable<NotificationData['position']> =>
  p === 'top' ? 'top-center' : p === 'bottom' ? 'bottom-center' : p;

export function toastData(opts: ToastOptions): NotificationData {
  const status = opts.status ?? 'info';
  const duration = opts.duration === undefined ? (status === 'loading' ? null : PRODUCT_TOAST_MS) : opts.duration;
  return {
    ...(opts.id ? { id: opts.id } : {}),
    title: opts.title,
    message: opts.description ?? '',
    color: COLORS[status],
    loading: status === 'loading',
    autoClose: duration === null ? false : duration,
    withCloseButton: opts.isClosable ?? true,
    allowClose: opts.isClosable ?? true,
    closeButtonProps: { 'aria-label': t('common.close') },
    ...(opts.position ? { position: toMantinePosition(opts.position) } : {}),
    role: status === 'error' || status === 'warning' ? 'alert' : 'status',
    'data-status': status,
  } as NotificationData;
}

/** Shows a toast and returns its id (to update or close it). */
export function toast(opts: ToastOptions): string {
  return notifications.show(toastData(opts));
}

export const closeToast = (id: string) => notifications.hide(id);

type Settled<T> = Omit<ToastOptions, 'status' | 'id'> | ((value: T) => Omit<ToastOptions, 'status' | 'id'>);

/** Loading (no time-out) while the promise runs, then success or error for 5000 ms. Resolves/rejects like the promise. */
export async function promiseToast<T>(
  promise: Promise<T>,
  opts: { loading: Omit<ToastOptions, 'status' | 'id'>; success: Settled<T>; error: Settled<unknown>; position?: ToastPosition },
): Promise<T> {
  const position = opts.position ?? opts.loading.position;
  const id = toast({ ...opts.loading, status: 'loading', duration: null, isClosable: false, position });
  try {
    const value = await promise;
    const success = typeof opts.success === 'function' ? opts.success(value) : opts.success;
    notifications.update(toastData({ duration: PROMISE_TOAST_MS, ...success, status: 'success', id, position }));
    return value;
  } catch (error) {
    const failure = typeof opts.error === 'function' ? opts.error(error) : opts.error;
    notifications.update(toastData({ duration: PROMISE_TOAST_MS, ...failure, status: 'error', id, position }));
    throw error;
  }
}
