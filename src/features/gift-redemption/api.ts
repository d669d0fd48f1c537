import { queryOptions, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { frappe } from '@/lib/frappe';
import { useSpend } from '@/lib/spend';

export { itemQuery as giftItemQuery, type Item as GiftItem } from '@/entities/items';

export { branchesQuery } from '@/entities/branches';

const ResultSchema = v.looseObject({ name: v.string(), grand_total: v.number() });
export type RedemptionResult = v.InferOutput<typeof ResultSchema>;

/** The gift form's payload (spec §3): loyalty_points, items, payment_method (initially bank-transfer), branch. */
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
