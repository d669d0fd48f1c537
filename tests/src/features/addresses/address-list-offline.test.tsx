import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AddressList } from '@/features/addresses';
import { ProfileView } from '@/features/profile';
import { resetOnlineForTests } from '@/lib/online';
import { queueWrite, resetOutboxForTests, startOutbox, type OutboxEntry } from '@/lib/outbox';
import { renderApp, stubFetchNeverAnswering } from '../../render-app';

// Nothing was ever fetched on this device, and the server cannot be reached.
stubFetchNeverAnswering();

beforeEach(async () => {
  resetOutboxForTests();
  resetOnlineForTests(false);
  const map = new Map<string, OutboxEntry>();
  await startOutbox({
    backend: { all: async () => [...map.values()], put: async (e) => void map.set(e.id, e), remove: async (id) => void map.delete(id) },
    transport: () => new Promise(() => {}),
    listen: false,
  });
});
afterEach(() => {
  resetOutboxForTests();
  resetOnlineForTests(true);
});

describe('changes made offline on a device that never loaded the list', () => {
  it('an added address shows in the list, waiting to sync, instead of "needs internet"', async () => {
    await queueWrite({
      method: 'headless_e_commerce.api.add_address',
      args: { first_name: 'Somjai', last_name: 'Jaidee', address_line1: '99/1 Offline Road', city: 'Bang Rak', state: 'Bangkok', country: 'Thailand', pincode: '10500' },
      label: '99/1 Offline Road',
      kind: 'address.add',
      invalidate: [['addresses', 'list']],
    });
    renderApp(<AddressList />);
    const card = (await screen.findByText('99/1 Offline Road')).closest('li')!;
    expect(within(card).getByTestId('sync-badge').getAttribute('data-state')).toBe('waiting');
    expect(within(card).getByText('Somjai Jaidee')).toBeTruthy();
    expect(screen.getByTestId('addresses-partial').textContent).toContain('only the addresses added or changed on this device');
    expect(screen.queryByTestId('offline-state')).toBeNull();
    expect(screen.queryByText('No saved addresses yet')).toBeNull();
  });

  it('a profile change shows on /profile, waiting to sync, instead of "Loading..."', async () => {
    await queueWrite({
      method: 'honda_api.api_calls.getuser.update_profile',
      args: { first_name: 'Somsri', last_name: 'Jaidee', email: 'somsri@example.com', id_card_number: '1103700012345', birth_date: '1990-01-31' },
      label: 'Somsri Jaidee',
      kind: 'profile.update',
      invalidate: [['profile']],
    });
    renderApp(<ProfileView user={null} />);
    expect(await screen.findByRole('heading', { name: 'Somsri Jaidee' })).toBeTruthy();
    expect(screen.getByTestId('sync-badge').getAttribute('data-state')).toBe('waiting');
    expect(screen.getByText('somsri@example.com')).toBeTruthy();
    expect(screen.getByTestId('profile-partial')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });
});
