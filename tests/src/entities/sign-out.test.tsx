import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminGate } from '@/features/back-office/frame/admin-gate';
import { authKeys, LogoutButton, type BootInfo } from '@/features/auth';
import { ProfilePage } from '@/features/back-office/blog/profile-page';
import { StaffScreen } from '@/features/staff';
import { frappe, FrappeClientError } from '@/lib/frappe';
import { getOutbox, queueWrite, resetOutboxForTests, startOutbox, type OutboxEntry } from '@/lib/outbox';
import { idbBackend, SYNC_STORAGE_KEY } from '@/lib/persistence';
import { renderApp, testQueryClient } from '../render-app';

/*
 * Signing out anywhere leaves the device as a stranger may find it: no write queued for the account, no session
 * token, nothing the account saw kept in localStorage or IndexedDB.
 */

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let requests: Request[] = [];
let idbCleared: ReturnType<typeof vi.fn<() => Promise<void>>>;

beforeEach(async () => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Request(new URL(String(input), 'http://localhost'), init));
      if (String(input).endsWith('/api/method/logout')) return json(200, {});
      return json(404, {});
    }),
  );
  // The device as a signed-in account leaves it: a token, a write waiting for the connection, both cache tiers.
  window.sessionStorage.setItem('token', 'secret-token');
  frappe.setTokenAuth({ type: 'token', token: () => window.sessionStorage.getItem('token') });
  window.localStorage.setItem(SYNC_STORAGE_KEY, JSON.stringify({ clientState: { queries: [{ queryKey: ['member', 'profile'] }] } }));
  idbCleared = vi.fn<() => Promise<void>>(async () => undefined);
  vi.spyOn(idbBackend, 'clear').mockImplementation(idbCleared);
  const saved = new Map<string, OutboxEntry>();
  await startOutbox({
    backend: { all: async () => [...saved.values()], put: async (e) => void saved.set(e.id, e), remove: async (id) => void saved.delete(id) },
    transport: async () => {
      throw new FrappeClientError({ httpStatus: 0, httpStatusText: '', body: {}, defaultMessage: 'offline' });
    },
    listen: false,
  });
  await queueWrite({ method: 'member_rewards.account.update_profile', args: { first_name: 'Somchai' }, label: 'Profile', kind: 'profile.update' });
  expect(getOutbox()).toHaveLength(1);
});

afterEach(() => {
  resetOutboxForTests();
  frappe.setTokenAuth(null);
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function signedIn(boot: BootInfo, ui: ReactNode) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(authKeys.boot, boot);
  return renderApp(ui, { queryClient });
}

async function expectDeviceCleared() {
  await waitFor(() => expect(requests.some((r) => r.url.endsWith('/api/method/logout'))).toBe(true));
  await waitFor(() => expect(getOutbox()).toHaveLength(0));
  await waitFor(() => expect(window.sessionStorage.getItem('token')).toBeNull());
  await waitFor(() => expect(window.localStorage.getItem(SYNC_STORAGE_KEY)).toBeNull());
  await waitFor(() => expect(idbCleared).toHaveBeenCalled());
  // The next call goes out without the old token.
  requests = [];
  await frappe.call('member_rewards.api.boot').catch(() => undefined);
  expect(requests[0]?.headers.get('authorization')).toBeNull();
}

describe('signing out clears the device in every place', () => {
  it('the member app (/my-account)', async () => {
    signedIn({ user: 'line-1@line.me', roles: ['Member'], full_name: 'Member', csrf_token: 'x', branch: null }, <LogoutButton />);
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    const confirm = await screen.findAllByRole('button', { name: 'Log out' });
    fireEvent.click(confirm[confirm.length - 1]!);
    await expectDeviceCleared();
  });

  it('the till (/staff)', async () => {
    signedIn({ user: 'staff@example.com', roles: ['Store Staff'], full_name: 'Staff', csrf_token: 'x', branch: null }, <StaffScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await expectDeviceCleared();
  });

  it('the back office (its gate, for an account without a back-office role)', async () => {
    signedIn({ user: 'someone@example.com', roles: ['Website User'], full_name: 'Someone', csrf_token: 'x', branch: null }, <AdminGate>inside</AdminGate>);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await expectDeviceCleared();
  });

  it('the blog admin (/app)', async () => {
    signedIn({ user: 'editor@example.com', roles: ['Blog Manager'], full_name: 'Editor', csrf_token: 'x', branch: null }, <ProfilePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await expectDeviceCleared();
  });
});
