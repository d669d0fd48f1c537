import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { frappe } from '@/lib/frappe';
import { useSpend } from '@/lib/spend';
import type { AddressInput } from '../../../contracts/addresses';

export type DeliveryMethod = 'delivery' | 'pickup';
export type OrderLine = { item_code: string; qty: number };

const TotalsSchema = v.looseObject({
  items: v.array(
    v.looseObject({
      item_code: v.string(),
      item_name: v.string(),
      image: v.optional(v.nullable(v.string()), null),
      qty: v.number(),
      amount: v.number(),
      formatted_amount: v.string(),
      loyalty_points: v.number(),
    }),
  ),
  total: v.number(),
  shipping_fee: v.number(),
  discount_amount: v.number(),
  grand_total: v.number(),
  formatted_total: v.string(),
  formatted_shipping_fee: v.string(),
  formatted_discount_amount: v.string(),
  formatted_grand_total: v.string(),
  loyalty_points: v.number(),
  points_to_earn: v.number(),
});
export type Totals = v.InferOutput<typeof TotalsSchema>;

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

export const OrderResultSchema = v.looseObject({ name: v.string(), grand_total: v.number() });
export type OrderResult = v.InferOutput<typeof OrderResultSchema>;

export const checkoutKeys = {
  totals: (lines: OrderLine[], delivery: DeliveryMethod) => ['checkout', 'totals', delivery, lines] as const,
  addresses: () => ['checkout', 'addresses'] as const,
};

/** The figures place_order will honour, from the server (member_rewards.api.checkout_totals). */
export const totalsQuery = (lines: OrderLine[], delivery: DeliveryMethod) =>
  queryOptions({
    queryKey: checkoutKeys.totals(lines, delivery),
    queryFn: ({ signal }) =>
      frappe.call('member_rewards.api.checkout_totals', { items: lines, delivery_method: delivery }, { signal, schema: TotalsSchema }),
    enabled: lines.length > 0,
    staleTime: 30 * 1000,
  });

export const addressesQuery = () =>
  queryOptions({
    queryKey: checkoutKeys.addresses(),
    queryFn: ({ signal }) => frappe.call('headless_e_commerce.api.get_addresses', {}, { signal, schema: v.array(AddressSchema) }),
  });

export { branchesQuery } from '@/entities/branches';

export interface PurchasePayload {
  billing_address: string;
  shipping_address: string;
  use_different_shipping: boolean;
  loyalty_points: number | null;
  items: OrderLine[];
  payment_method: string;
  delivery_method: DeliveryMethod;
  branch?: string;
}

/** place_order for the cart: sent only online, never queued; a lost answer is asked about (src/lib/spend.ts). */
export function usePlaceOrder() {
  const qc = useQueryClient();
  const place = useSpend('order', {
    method: 'headless_e_commerce.api.place_order',
    schema: OrderResultSchema,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['orders'] });
      void qc.invalidateQueries({ queryKey: ['points'] });
    },
  });
  return { ...place, send: (payload: PurchasePayload) => place.send({ ...payload }) };
}

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
