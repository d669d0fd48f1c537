import { createFileRoute } from '@tanstack/react-router';
import { BroadcastScreen } from '@/features/broadcast';

/** /admin/broadcasts: campaign messages to a segment of members (System and Loyalty Managers). */
export const Route = createFileRoute('/_admin/admin/broadcasts')({
  component: BroadcastScreen,
});
