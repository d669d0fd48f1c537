import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '@/lib/api';
import { BROADCAST_LIST, BROADCAST_PREVIEW, BROADCAST_SEND, type BroadcastInput } from '../../../contracts/broadcast';

export type { BroadcastInput, BroadcastPreview, BroadcastRow, Segment } from '../../../contracts/broadcast';

/** Campaign broadcasts of the back office: who a message would reach, sending it, and the ones sent. */
export const broadcastKeys = {
  all: ['broadcasts'] as const,
  list: (start: number, limit: number) => ['broadcasts', 'list', start, limit] as const,
};

export const broadcastListQuery = (start: number, limit: number) =>
  queryOptions({
    queryKey: broadcastKeys.list(start, limit),
    queryFn: ({ signal }) => callMethod(BROADCAST_LIST, { start, limit }, { signal }),
    placeholderData: keepPreviousData,
  });

/** Reads only: the segment's size, each channel's reach and the notification as members will see it. */
export function usePreviewBroadcast() {
  return useMutation({ mutationFn: (input: BroadcastInput) => callMethod(BROADCAST_PREVIEW, input, { verb: 'POST' }) });
}

/**
 * Queues the broadcast. One key per composed message: pressing Send again after a lost answer, or a retry, is the
 * same broadcast (the server answers it again instead of sending twice).
 */
export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: BroadcastInput; key: string }) => callMethod(BROADCAST_SEND, input, { verb: 'POST', idempotencyKey: key }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: broadcastKeys.all }),
  });
}
