import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeDoctype } from '@/lib/realtime';
import { loyaltyKeys } from '@/entities/loyalty';
import { orderKeys } from '@/entities/orders';

/**
 * Keeps the order screens in step with the branch: the server announces every change to the member's own Sales
 * Invoices (a reward handed over, a payment confirmed, an order cancelled) and the orders, the order details and the
 * coupons are fetched again at once, not after their stale time; so are the points and the tier, which a payment or
 * a cancellation moves. They are read again too whenever the subscription is (re)confirmed: a change made while no
 * screen listened (the list closed, the page reloading, the network gone) was announced to nobody.
 */
export function useLiveOrders(user: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!user || user === 'Guest') return;
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: loyaltyKeys.points });
    };
    return subscribeDoctype('Sales Invoice', user, refresh, refresh);
  }, [user, queryClient]);
}
