import { createFileRoute } from '@tanstack/react-router';
import { RewardsList } from '@/features/back-office';

/** /admin/rewards: every reward and product, published or not, with their stock. */
export const Route = createFileRoute('/_admin/admin/rewards/')({
  component: RewardsList,
});
