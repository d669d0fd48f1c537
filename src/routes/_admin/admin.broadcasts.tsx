import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { BROADCASTS_SEARCH } from '@/features/back-office/broadcast/search';
import { BroadcastScreen } from '@/features/back-office/broadcast';
import { PROGRAMME_MANAGERS } from '@/features/back-office/frame/roles';

/** /admin/broadcasts: campaign messages to a segment of members (System and Loyalty Managers). */
export const Route = createFileRoute('/_admin/admin/broadcasts')({
  staticData: { roles: PROGRAMME_MANAGERS, sidebar: { label: 'navBroadcasts', order: 110 } },
  validateSearch: (search) => v.parse(BROADCASTS_SEARCH, search),
  component: BroadcastScreen,
});
