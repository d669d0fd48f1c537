import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { addressesQuery, CheckoutScreen, totalsQuery } from '@/features/checkout';
import { OrderDetails } from '@/features/orders';
import { invoiceQuery } from '@/features/orders';
import { AddressDocSchema } from '../../../contracts/addresses';
import { OrderSchema } from '../../../contracts/orders';
import { formatAddress } from '@/lib/address-format';
import { renderApp, stubFetchNeverAnswering, testQueryClient } from '../render-app';

stubFetchNeverAnswering();

const home = {
  first_name: 'สมใจ',
  last_name: 'ใจดี',
  address_title: 'บ้าน',
  address_line1: '99/1 ถนนสุขุมวิท',
  address_line2: 'ซอย 22',
  city: 'Khlong Toei',
  state: 'Bangkok',
  country: 'Thailand',
  pincode: '10110',
  phone: '0812345678',
};

describe('one way of writing an address', () => {
  it("writes district and province in the member's language, leaves out the programme's own country", () => {
    expect(formatAddress(home, 'th')).toEqual({ receiver: 'สมใจ ใจดี', lines: ['99/1 ถนนสุขุมวิท ซอย 22', 'คลองเตย กรุงเทพมหานคร 10110'], phone: '0812345678' });
    expect(formatAddress(home, 'en').lines[1]).toBe('Khlong Toei Bangkok 10110');
    expect(formatAddress({ ...home, country: 'Germany', state: 'Select One', city: 'Berlin' }, 'th').lines[1]).toBe('Berlin เยอรมนี 10110');
    expect(formatAddress({ address_title: 'Office', address_line1: '1 Silom' }, 'en').receiver).toBe('Office');
  });

  it('is the same in the checkout and in the order details', async () => {
    const lines = [{ item_code: 'TEE-GREEN', qty: 1 }];
    const queryClient = testQueryClient();
    queryClient.setQueryData(addressesQuery().queryKey, [v.parse(AddressDocSchema, { name: 'ADDR-1', ...home, is_primary_address: 1, is_shipping_address: 1 })]);
    queryClient.setQueryData(totalsQuery(lines, 'delivery').queryKey, undefined);
    const checkout = renderApp(<CheckoutScreen header={null} lines={lines} delivery="delivery" onDeliveryChange={() => {}} onPlaced={() => {}} onOpenPanel={() => {}} onClosePanel={() => {}} />, { queryClient, lang: 'th' });
    const shown = await screen.findByTestId('address-text');
    expect(shown.textContent).toBe('สมใจ ใจดี99/1 ถนนสุขุมวิท ซอย 22คลองเตย กรุงเทพมหานคร 10110โทร 0812345678');
    checkout.unmount();

    const order = v.parse(OrderSchema, {
      name: 'ACC-SINV-2026-00004',
      order_type: 'purchase',
      posting_date: '2026-11-20',
      delivery_method: 'delivery',
      address: 'สมใจ ใจดี, 99/1 ถนนสุขุมวิท, ซอย 22, Khlong Toei, Bangkok 10110, Thailand, 0812345678',
      shipping_address: home,
    });
    queryClient.setQueryData(invoiceQuery(order.name).queryKey, order);
    renderApp(<OrderDetails name={order.name} />, { queryClient, lang: 'th' });
    expect((await screen.findByTestId('address-text')).textContent).toBe(shown.textContent);
  });
});
