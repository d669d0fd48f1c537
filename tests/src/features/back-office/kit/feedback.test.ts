import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { failedToastSaying, savedToast } from '@/features/back-office/kit/feedback';
import { FrappeClientError } from '@/lib/frappe';
import { useLangStore, type MessageKey } from '@/lib/i18n';
import { PROMISE_TOAST_MS, TOAST_POSITIONS, promiseToast, toast, type ToastPosition } from '@/lib/toast';

/**
 * The admin's toasts, checked on what reaches Mantine (notifications.show / update), in English, the original
 * admin's language. The keys are the ones the blog admin screens pass for each event.
 */
const show = vi.spyOn(notifications, 'show');
const update = vi.spyOn(notifications, 'update');
const lastShown = () => show.mock.lastCall![0];

beforeAll(() => useLangStore.getState().setLang('en'));
afterAll(() => useLangStore.getState().setLang('th'));
afterEach(() => {
  notifications.clean();
  show.mockClear();
  update.mockClear();
});

const ERRORS: [event: string, title: MessageKey, text: MessageKey, expected: [string, string]][] = [
  ['category create fails', 'blogAdmin.toastErrorTitle', 'blogAdmin.toastCategoryCreateError',
    ['There has been an error', 'Sorry, it seems that there has been an error while creating the blog category.']],
  ['category update fails', 'blogAdmin.toastUpdateErrorTitle', 'blogAdmin.toastCategoryUpdateError',
    ['Unable to update', 'Sorry, you cannot update the blog category while there are posts that relate to this blog category.']],
  ['category delete fails', 'blogAdmin.toastDeleteErrorTitle', 'blogAdmin.toastCategoryDeleteError',
    ['Unable to delete', 'Sorry, you cannot delete the blog category while there are posts that relate to this blog category.']],
  ['blog post create fails', 'blogAdmin.toastErrorTitle', 'blogAdmin.toastPostCreateError',
    ['There has been an error', 'Sorry, it seems that there has been an error while creating the blog.']],
];

const SUCCESSES: [event: string, title: MessageKey, text: MessageKey, expected: [string, string]][] = [
  ['category created', 'blogAdmin.toastCategoryCreatedTitle', 'blogAdmin.toastCategoryCreated', ['Blog category created', 'The blog category has been created.']],
  ['category updated', 'blogAdmin.toastCategoryUpdatedTitle', 'blogAdmin.toastCategoryUpdated', ['Blog category updated', 'The blog category has been updated.']],
  ['category deleted', 'blogAdmin.toastCategoryDeletedTitle', 'blogAdmin.toastCategoryDeleted', ['Blog category deleted', 'The blog category has been deleted.']],
  ['blog created', 'blogAdmin.toastPostCreatedTitle', 'blogAdmin.toastPostCreated', ['Blog created', 'The blog has been created.']],
];

const serverRefusal = () =>
  new FrappeClientError({ httpStatus: 417, httpStatusText: 'Expectation Failed', body: { exc_type: 'ValidationError' }, defaultMessage: 'There was an error.' });
const noAnswer = () => new FrappeClientError({ httpStatus: 0, httpStatusText: '', body: {}, defaultMessage: 'There was an error.' });

describe('the back office’s toasts, with the blog’s own words', () => {
  it.each(ERRORS)('%s: exact title and text, status error, 9000 ms, closable', (_event, title, text, [enTitle, enText]) => {
    failedToastSaying(serverRefusal(), title, text);
    expect(show).toHaveBeenCalledTimes(1);
    expect(lastShown()).toMatchObject({
      title: enTitle,
      message: enText,
      'data-status': 'error',
      color: 'red',
      autoClose: 9000,
      withCloseButton: true,
    });
  });

  it.each(SUCCESSES)('%s: exact title and text, status success, 9000 ms, closable', (_event, title, text, [enTitle, enText]) => {
    savedToast(title, undefined, text);
    expect(lastShown()).toMatchObject({ title: enTitle, message: enText, 'data-status': 'success', autoClose: 9000, withCloseButton: true });
  });

  it('without an error object the usual text is shown', () => {
    failedToastSaying(undefined, 'blogAdmin.toastErrorTitle', 'blogAdmin.toastPostCreateError');
    expect(lastShown()).toMatchObject({ title: 'There has been an error', message: 'Sorry, it seems that there has been an error while creating the blog.' });
  });

  it.each(ERRORS)('%s with no network: the usual title, an offline text, still an error toast', (_event, title, text, [enTitle]) => {
    failedToastSaying(noAnswer(), title, text);
    expect(lastShown()).toMatchObject({
      title: enTitle,
      message: 'No internet connection. Please try again.',
      'data-status': 'error',
      autoClose: 9000,
      withCloseButton: true,
    });
  });
});

describe('generic toast helper', () => {
  const MANTINE: Record<ToastPosition, string> = {
    top: 'top-center',
    'top-left': 'top-left',
    'top-right': 'top-right',
    bottom: 'bottom-center',
    'bottom-left': 'bottom-left',
    'bottom-right': 'bottom-right',
  };

  it.each(TOAST_POSITIONS.map((p) => [p]))('accepts position %s and passes it through', (position) => {
    toast({ status: 'info', title: 'x', position });
    expect(lastShown().position).toBe(MANTINE[position]);
  });

  it('the six positions are exactly the original’s', () => {
    expect([...TOAST_POSITIONS].sort()).toEqual(Object.keys(MANTINE).sort());
  });

  it('a promise toast is loading with no time-out, then success for 5000 ms at the same place', async () => {
    let resolve!: (value: string) => void;
    const pending = new Promise<string>((r) => (resolve = r));
    const done = promiseToast(pending, { loading: { title: 'Saving' }, success: { title: 'Blog created' }, error: { title: 'Failed' }, position: 'bottom-left' });
    expect(lastShown()).toMatchObject({ title: 'Saving', 'data-status': 'loading', loading: true, autoClose: false, position: 'bottom-left' });
    expect(update).not.toHaveBeenCalled();
    resolve('ok');
    await expect(done).resolves.toBe('ok');
    expect(update).toHaveBeenCalledTimes(1);
    expect(update.mock.lastCall![0]).toMatchObject({
      id: show.mock.results[0]!.value,
      title: 'Blog created',
      'data-status': 'success',
      loading: false,
      autoClose: PROMISE_TOAST_MS,
      position: 'bottom-left',
    });
    expect(PROMISE_TOAST_MS).toBe(5000);
  });

  it('a promise toast becomes an error for 5000 ms and the rejection still reaches the caller', async () => {
    const failing = Promise.reject(new Error('boom'));
    await expect(promiseToast(failing, { loading: { title: 'Saving' }, success: { title: 'Saved' }, error: { title: 'There has been an error' } })).rejects.toThrow('boom');
    expect(lastShown()).toMatchObject({ 'data-status': 'loading', autoClose: false });
    expect(update.mock.lastCall![0]).toMatchObject({ title: 'There has been an error', 'data-status': 'error', color: 'red', autoClose: 5000 });
  });
});
