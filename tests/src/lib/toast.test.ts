import { afterEach, describe, expect, it } from 'vitest';
import { notifications, notificationsStore } from '@mantine/notifications';
import { PRODUCT_TOAST_MS, PROMISE_TOAST_MS, TOAST_POSITIONS, promiseToast, toast, toastData } from '@/lib/toast';

const shown = () => notificationsStore.getState().notifications;

afterEach(() => notifications.clean());

describe('toast helper', () => {
  it('product toasts last 9000 ms and can be closed; errors are status error', () => {
    const data = toastData({ status: 'error', title: 'Unable to delete', description: 'Sorry' });
    expect(data).toMatchObject({ title: 'Unable to delete', message: 'Sorry', color: 'red', autoClose: PRODUCT_TOAST_MS, withCloseButton: true, 'data-status': 'error', role: 'alert' });
    expect(PRODUCT_TOAST_MS).toBe(9000);
  });

  it('has the five statuses and the six positions', () => {
    const colors = (['info', 'warning', 'success', 'error', 'loading'] as const).map((status) => toastData({ status, title: 'x' }).color);
    expect(new Set(colors).size).toBe(5);
    expect(toastData({ status: 'loading', title: 'x' })).toMatchObject({ loading: true, autoClose: false });
    expect(TOAST_POSITIONS).toEqual(['top', 'top-left', 'top-right', 'bottom', 'bottom-left', 'bottom-right']);
    expect(TOAST_POSITIONS.map((position) => toastData({ title: 'x', position }).position)).toEqual([
      'top-center', 'top-left', 'top-right', 'bottom-center', 'bottom-left', 'bottom-right',
    ]);
  });

  it('a promise toast is loading with no time-out, then success for 5000 ms', async () => {
    let resolve!: (v: string) => void;
    const promise = new Promise<string>((r) => (resolve = r));
    const done = promiseToast(promise, { loading: { title: 'Saving' }, success: (v) => ({ title: `Saved ${v}` }), error: { title: 'Failed' } });
    expect(shown()).toHaveLength(1);
    expect(shown()[0]).toMatchObject({ title: 'Saving', loading: true, autoClose: false });
    resolve('post');
    await expect(done).resolves.toBe('post');
    expect(shown()).toHaveLength(1);
    expect(shown()[0]).toMatchObject({ title: 'Saved post', loading: false, color: 'teal', autoClose: PROMISE_TOAST_MS });
  });

  it('a promise toast turns into an error for 5000 ms and rethrows', async () => {
    const failing = Promise.reject(new Error('boom'));
    await expect(promiseToast(failing, { loading: { title: 'Saving' }, success: { title: 'Saved' }, error: (e) => ({ title: (e as Error).message }) })).rejects.toThrow('boom');
    expect(shown()[0]).toMatchObject({ title: 'boom', color: 'red', autoClose: 5000, 'data-status': 'error' });
  });

  it('toast() shows the notification and returns its id', () => {
    const id = toast({ status: 'success', title: 'Blog created', description: 'The blog has been created.' });
    expect(shown().find((n) => n.id === id)).toMatchObject({ title: 'Blog created', autoClose: 9000 });
  });
});
