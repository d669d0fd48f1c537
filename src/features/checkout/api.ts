import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { frappe } from '@/lib/frappe';
import type { AddressInput } from '../../../contracts/addresses';

export { checkoutTotalsQuery as totalsQuery, usePlaceOrder, type DeliveryMethod, type OrderLine, type PlacedOrder as OrderResult, type PurchasePayload } from '@/entities/orders';

export const AddressSchema = v.looseObject({
  name: v.string(),
  address_title: v.optional(v.string(), ''),
  first_name: v.optional(v.string(), ''),
  last_name: v.optional(v.string(), ''),
  address_line1: v.string(),
  address_line2: v.optional(v.string(), ''),
  city: v.string(),
  state: v.optional(v.string(), ''),
  country: v.string(),
  pincode: v.optional(v.union([v.string(), v.number()]), ''),
  phone: v.optional(v.string(), ''),
  is_primary_address: v.optional(v.number(), 0),
  is_shipping_address: v.optional(v.number(), 0),
});
export type Address = v.InferOutput<typeof AddressSchema>;

export const checkoutKeys = {
  addresses: () => ['checkout', 'addresses'] as const,
};

export const addressesQuery = () =>
  queryOptions({
    queryKey: checkoutKeys.addresses(),
    queryFn: ({ signal }) => frappe.call('headless_e_commerce.api.get_addresses', {}, { signal, schema: v.array(AddressSchema) }),
  });

export { branchesQuery } from '@/entities/branches';

export function useAddAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: AddressInput; key: string }) =>
      frappe.call('headless_e_commerce.api.add_address', { ...input }, { verb: 'POST', idempotencyKey: key, schema: AddressSchema }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: checkoutKeys.addresses() });
      void qc.invalidateQueries({ queryKey: ['addresses'] });
    },
  });
}
