import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeDoctype } from '@/lib/realtime';
import { orderKeys } from '@/entities/orders';

/**
 * Keeps the order screens in step with the branch: the server announces every change to the member's own Sales
 * Invoices (a reward handed over, a payment confirmed) and the orders, the order details and the coupons are
 * fetched again at once, not after their stale time.
 */
export function useLiveOrders(user: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!user || user === 'Guest') return;
    return subscribeDoctype('Sales Invoice', user, () => void queryClient.invalidateQueries({ queryKey: orderKeys.all }));
  }, [user, queryClient]);
}
