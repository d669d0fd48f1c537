import { describe, expect, it, vi } from 'vitest';
import { FrappeClientError } from '@/lib/frappe-error';
import { createQueryClient } from '@/lib/query-client';

const refusal = (httpStatus: number) => new FrappeClientError({ httpStatus, httpStatusText: '', body: { exc_type: 'PermissionError' }, defaultMessage: 'refused' });

/** A session ended behind the app's back (blocked, signed out elsewhere): the app asks again who is signed in. */
describe('a refused call', () => {
  it('asks who is signed in when a query or a write is refused as unauthenticated or unpermitted', async () => {
    const onAuthRefused = vi.fn();
    const client = createQueryClient({ defaultOptions: { queries: { retry: false } } }, { onAuthRefused });
    await client.fetchQuery({ queryKey: ['points'], queryFn: () => Promise.reject(refusal(403)) }).catch(() => {});
    expect(onAuthRefused).toHaveBeenCalledTimes(1);
    await client.getMutationCache().build(client, { mutationFn: () => Promise.reject(refusal(401)) }).execute(undefined).catch(() => {});
    expect(onAuthRefused).toHaveBeenCalledTimes(2);
  });

  it('does not for other refusals (not found, validation, a lost connection)', async () => {
    const onAuthRefused = vi.fn();
    const client = createQueryClient({ defaultOptions: { queries: { retry: false } } }, { onAuthRefused });
    for (const status of [404, 417, 0]) {
      await client.fetchQuery({ queryKey: ['x', status], queryFn: () => Promise.reject(refusal(status)) }).catch(() => {});
    }
    expect(onAuthRefused).not.toHaveBeenCalled();
  });
});
