import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '@/lib/api';
import { AWARD_POINTS, CONFIRM_REWARD, RESOLVE_CODE, STAFF_ACTIONS } from '../../../contracts/staff';

export type { MemberCard, RewardCard, StaffAction } from '../../../contracts/staff';

/** The till: what a scanned code is, the award of points, the hand-over of a reward, and the branch's log. */
export const staffKeys = {
  all: ['staff'] as const,
  actions: () => ['staff', 'actions'] as const,
};

export const actionsQuery = () =>
  queryOptions({
    queryKey: staffKeys.actions(),
    queryFn: ({ signal }) => callMethod(STAFF_ACTIONS, { limit: 50 }, { signal }),
    refetchInterval: 30_000,
  });

// Each call is written to the branch's log, refused or not: the log is read again after every one.

export function useResolveCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callMethod(RESOLVE_CODE, { code }, { verb: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.actions() }),
  });
}

export function useAwardPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { scan_token: string; amount: number; receipt_no: string; key: string }) =>
      callMethod(AWARD_POINTS, { scan_token: args.scan_token, amount: args.amount, receipt_no: args.receipt_no }, { verb: 'POST', idempotencyKey: args.key }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.actions() }),
  });
}

export function useConfirmReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callMethod(CONFIRM_REWARD, { code }, { verb: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.actions() }),
  });
}
