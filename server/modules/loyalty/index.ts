import type { ServerModule } from '../../frappe/module';
import { defineMethod, noArgs } from '../../frappe/methods';
import { pointsDetails } from './service';

/**
 * headless_e_commerce.api.get_loyalty_points_details: the caller's own ledger rows (message.record), the
 * balance, and (ours) the next expiring batch, the tier and the points to the next tier.
 */
const getLoyaltyPointsDetails = defineMethod({
  path: 'headless_e_commerce.api.get_loyalty_points_details',
  verbs: ['GET', 'POST'],
  allow: ['Member'],
  args: noArgs,
  handler: (ctx) => pointsDetails(ctx),
});

export const loyaltyModule: ServerModule = {
  name: 'loyalty',
  methods: [getLoyaltyPointsDetails],
  doctypes: [],
};
