import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { addressesQuery, CheckoutScreen, totalsQuery, type CheckoutPanel, type OrderLine } from '@/features/checkout';
import { resetOnlineForTests } from '@/lib/online';
import { getOutbox, resetOutboxForTests, startOutbox, type OutboxEntry, type Transport } from '@/lib/outbox';
import { renderApp, stubFetchNeverAnswering, testQueryClient } from '../../render-app';
import { ADD_ADDRESS } from '../../../../contracts/addresses';

const lines: OrderLine[] = [{ item_code: 'TEE-GREEN', qty: 1 }];
const fetchSpy = stubFetchNeverAnswering();

async function outboxWith(transport: Transport) {
  const map = new Map<string, OutboxEntry>();
  await startOutbox({
    backend: { all: async () => [...map.values()], put: async (e) => void map.set(e.id, e), remove: async (id) => void map.delete(id) },
    transport,
    listen: false,
  });
}

function openCheckout() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(totalsQuery(lines, 'delivery').queryKey, undefined);
  queryClient.setQueryData(addressesQuery().queryKey, []);
  renderApp(<CheckoutWithPanels />, { queryClient });
}

/** The checkout's panels are history entries in the app; here they are plain state, as the route would hold them. */
function CheckoutWithPanels() {
  const [panel, setPanel] = useState<CheckoutPanel | undefined>();
  return (
    <CheckoutScreen
      header={null}
      lines={lines}
      delivery="delivery"
      onDeliveryChange={() => {}}
      onPlaced={() => {}}
      panel={panel}
      onOpenPanel={setPanel}
      onClosePanel={() => setPanel(undefined)}
    />
  );
}

async function addAddressAtCheckout() {
  fireEvent.click(await screen.findByTestId('choose-address'));
  const entry = await screen.findByTestId('address-entry');
  const field = (label: RegExp) => within(entry).getByLabelText(label);
  fireEvent.change(field(/^Receiver name/), { target: { value: 'Somjai' } });
  fireEvent.change(field(/^Surname/), { target: { value: 'Jaidee' } });
  fireEvent.change(field(/^Address(?! line)/), { target: { value: '99/1 Checkout Road' } });
  fireEvent.change(field(/^Province/), { target: { value: 'Bangkok' } });
  fireEvent.change(field(/^District/), { target: { value: 'Bang Rak' } });
  fireEvent.change(field(/^Postal code/), { target: { value: '10500' } });
  fireEvent.click(within(entry).getByTestId('save-address'));
}

beforeEach(() => resetOutboxForTests());
afterEach(() => {
  resetOutboxForTests();
  resetOnlineForTests(true);
});

describe('an address added at checkout', () => {
  it('offline, waits in the outbox like every other address write, and says so', async () => {
    resetOnlineForTests(false);
    await outboxWith(() => new Promise(() => {}));
    openCheckout();
    await addAddressAtCheckout();

    await waitFor(() => expect(getOutbox()).toHaveLength(1));
    expect(getOutbox()[0]).toMatchObject({
      kind: 'address.add',
      method: ADD_ADDRESS.path,
      state: 'waiting',
      args: { address_line1: '99/1 Checkout Road', city: 'Bang Rak', state: 'Bangkok', is_shipping_address: 1 },
    });
    expect((await screen.findByTestId('address-entry-queued')).textContent).toContain('Waiting to sync');
    expect(fetchSpy.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('address'))).toEqual([]);
  });

  it('online, is sent through the outbox with its Idempotency-Key and is chosen as soon as it is saved', async () => {
    const sent: OutboxEntry[] = [];
    const saved: Record<string, unknown>[] = [];
    await outboxWith(async (entry) => {
      sent.push(entry);
      saved.push({ doctype: 'Address', name: 'ADDR-NEW', ...entry.args, creation: '', modified: '' });
      return saved[0];
    });
    // The list is read again once the address is saved: now with it.
    fetchSpy.mockImplementation(async (url) =>
      String(url).includes('get_addresses') ? new Response(JSON.stringify({ message: saved })) : new Promise<Response>(() => {}),
    );
    openCheckout();
    await addAddressAtCheckout();

    await waitFor(() => expect(screen.queryByTestId('address-entry')).toBeNull());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: ADD_ADDRESS.path, kind: 'address.add' });
    expect(getOutbox()[0]).toMatchObject({ id: sent[0]!.id, state: 'saved' });
    expect(screen.getByTestId('choose-address').textContent).toContain('99/1 Checkout Road');
  });
});
