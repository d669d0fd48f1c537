import type { ServerModule } from '../../frappe/module';
import { defineMethod } from '../../frappe/methods';
import { POINTS_DETAILS } from '../../../contracts/loyalty';
import { pointsDetails } from './service';

/**
 * headless_e_commerce.api.get_loyalty_points_details: the caller's own ledger rows (message.record), the
 * balance, and (ours) the next expiring batch, the tier and the points to the next tier.
 */
const getLoyaltyPointsDetails = defineMethod({
  ...POINTS_DETAILS,
  verbs: ['GET', 'POST'],
  allow: ['Member'],
  handler: (ctx) => pointsDetails(ctx),
});

export const loyaltyModule: ServerModule = {
  name: 'loyalty',
  methods: [getLoyaltyPointsDetails],
  doctypes: [],
};
