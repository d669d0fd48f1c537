import { useQueryClient } from '@tanstack/react-query';
import { loyaltyKeys } from '@/entities/loyalty';
import { useSpend, type SpendKind } from '@/lib/spend';
import { PLACE_ORDER, type PurchasePayload, type RedemptionPayload } from '../../../contracts/orders';
import { orderKeys } from './index';

// Apart from ./index.ts: only the two screens that spend load the spending machinery.

/**
 * place_order, a gift redemption ('redeem') or the cart's purchase ('order'): sent only online, never queued, and
 * when its answer is lost the server is asked what became of it (src/lib/spend.ts). The orders (coupons too) and
 * the points are refreshed whatever the outcome.
 */
export function usePlaceOrder<K extends SpendKind>(kind: K) {
  const queryClient = useQueryClient();
  const place = useSpend(kind, PLACE_ORDER, {
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: loyaltyKeys.points });
    },
  });
  return { ...place, send: (payload: K extends 'redeem' ? RedemptionPayload : PurchasePayload) => place.send(payload) };
}
