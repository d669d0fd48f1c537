import { queryOptions, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { frappe } from '@/lib/frappe';
import { useSpend } from '@/lib/spend';

export const GiftItemSchema = v.looseObject({
  name: v.string(),
  item_code: v.string(),
  item_name: v.string(),
  item_group: v.string(),
  website_image: v.optional(v.nullable(v.string()), null),
  loyalty_points_based_price: v.optional(v.nullable(v.number()), null),
});
export type GiftItem = v.InferOutput<typeof GiftItemSchema>;

/** The reward by its item code (Item is named by its code). */
export const giftItemQuery = (itemCode: string) =>
  queryOptions({
    queryKey: ['catalog', 'item', itemCode] as const,
    queryFn: ({ signal }) => frappe.getDoc('Item', itemCode, { signal, schema: GiftItemSchema }),
    staleTime: 5 * 60 * 1000,
  });

export const branchesQuery = () =>
  queryOptions({
    queryKey: ['branches', 'list'] as const,
    queryFn: ({ signal }) => frappe.getList('Branch', { fields: ['name'], limit: 0 }, { signal, schema: v.array(v.looseObject({ name: v.string() })) }),
    staleTime: 10 * 60 * 1000,
  });

const ResultSchema = v.looseObject({ name: v.string(), grand_total: v.number() });
export type RedemptionResult = v.InferOutput<typeof ResultSchema>;

/** The gift form's payload: loyalty_points, items, payment_method (initially bank-transfer), branch. */
export interface GiftPayload {
  loyalty_points: number;
  items: { item_code: string; qty: number }[];
  payment_method: 'bank-transfer';
  branch: string;
}

/**
 * place_order for a gift: sent only online, never queued, and when its answer is lost the server is asked what
 * became of it (src/lib/spend.ts). The points and the orders (coupons too) are refreshed whatever the outcome.
 */
export function useRedeem() {
  const qc = useQueryClient();
  const redeem = useSpend('redeem', {
    method: 'headless_e_commerce.api.place_order',
    schema: ResultSchema,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['points'] });
      void qc.invalidateQueries({ queryKey: ['orders'] });
    },
  });
  return { ...redeem, send: (payload: GiftPayload) => redeem.send({ ...payload }) };
}
