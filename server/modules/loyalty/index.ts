import type { ServerModule } from '../../frappe/module';
import { defineMethod, noArgs } from '../../frappe/methods';
import { ExpiryScheduleAnswer, LOYALTY_METHODS, PointsDetailsAnswer, TierProgressAnswer } from '../../../contracts/loyalty';
import { expirySchedule, pointsDetails, tierProgress } from './service';

/**
 * headless_e_commerce.api.get_loyalty_points_details: the caller's own ledger rows (message.record), the
 * balance, and (ours) the next expiring batch, the tier and the points to the next tier.
 */
const getLoyaltyPointsDetails = defineMethod({
  path: LOYALTY_METHODS.pointsDetails,
  verbs: ['GET', 'POST'],
  allow: ['Member'],
  args: noArgs,
  returns: PointsDetailsAnswer,
  handler: (ctx) => pointsDetails(ctx),
});

/** Ours: what expires when, batch by batch (the history's "points expired" lines are what is left on that day). */
const getExpirySchedule = defineMethod({
  path: LOYALTY_METHODS.expirySchedule,
  verbs: ['GET'],
  allow: ['Member'],
  args: noArgs,
  returns: ExpiryScheduleAnswer,
  handler: (ctx) => expirySchedule(ctx),
});

/** Ours: the tier, the points earned in its window, the next tier and when points leave a rolling window. */
const getTierProgress = defineMethod({
  path: LOYALTY_METHODS.tierProgress,
  verbs: ['GET'],
  allow: ['Member'],
  args: noArgs,
  returns: TierProgressAnswer,
  handler: (ctx) => tierProgress(ctx),
});

export const loyaltyModule: ServerModule = {
  name: 'loyalty',
  methods: [getLoyaltyPointsDetails, getExpirySchedule, getTierProgress],
  doctypes: [],
};
