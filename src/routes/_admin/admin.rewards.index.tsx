import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { REWARDS_SEARCH } from '@/features/back-office/rewards/search';
import { RewardsList } from '@/features/back-office';
import { PROGRAMME_MANAGERS } from '@/features/back-office/frame/roles';

/** /admin/rewards: every reward and product, published or not, with their stock. */
export const Route = createFileRoute('/_admin/admin/rewards/')({
  staticData: { roles: PROGRAMME_MANAGERS, sidebar: { label: 'navRewards', order: 30 } },
  validateSearch: (search) => v.parse(REWARDS_SEARCH, search),
  component: RewardsList,
});
