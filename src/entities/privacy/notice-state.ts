import { useQuery } from '@tanstack/react-query';
import { noticeQuery } from './index';

/**
 * The current privacy notice for the modal that shows it, read once it is open. Offline (the query waits for the
 * connection) it counts as failed, so the modal says so rather than spinning.
 */
export function useNoticeState(opened: boolean) {
  const notice = useQuery({ ...noticeQuery(), enabled: opened });
  const paused = notice.isPending && notice.fetchStatus === 'paused';
  return { data: notice.data, isPending: notice.isPending && !paused, isError: notice.isError || paused, retry: () => void notice.refetch() };
}
