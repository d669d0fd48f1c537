import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loyaltyKeys } from '@/entities/loyalty';
import { callMethod } from '@/lib/api';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import type { ArgsOf } from '../../../contracts/contract';
import { CANCEL_ORDER, CANCEL_REWARD_ORDER, REFUND_ORDER } from '../../../contracts/order-lifecycle';
import { orderKeys } from './index';

export type { CancelResult } from '../../../contracts/order-lifecycle';

/** After a cancellation or a refund, every order screen and everything that shows points is read again. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: orderKeys.all }), queryClient.invalidateQueries({ queryKey: loyaltyKeys.points })]);
}

/** The member cancels their own unused reward order: its points come back with their original expiry. */
export function useCancelRewardOrder() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (order: string) => callMethod(CANCEL_REWARD_ORDER, { order }, { verb: 'POST' }),
    onSuccess: refresh,
  });
}

/** A manager cancels an unused reward order or an unpaid purchase, with a reason. */
export function useCancelOrder() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (args: ArgsOf<typeof CANCEL_ORDER>) => callMethod(CANCEL_ORDER, args, { verb: 'POST' }),
    onSuccess: refresh,
  });
}

/** A manager refunds (part of) a paid purchase; one Idempotency-Key per intended refund, as the server asks. */
export function useRefundOrder() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ idempotencyKey = newIdempotencyKey(), ...args }: ArgsOf<typeof REFUND_ORDER> & { idempotencyKey?: string }) =>
      callMethod(REFUND_ORDER, args, { verb: 'POST', idempotencyKey }),
    onSuccess: refresh,
  });
}
