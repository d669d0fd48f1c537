import type { ServerModule } from '../../frappe/module';
import { defineMethod } from '../../frappe/methods';
import { EXPIRY_SCHEDULE, POINTS_DETAILS, TIER_PROGRESS } from '../../../contracts/loyalty';
import { expirySchedule, pointsDetails, tierProgress } from './service';
import { pointsSummarySessionRead } from './repository';

/**
 * headless_e_commerce.api.get_loyalty_points_details: the caller's own ledger rows (message.record), the
 * balance, and (ours) the next expiring batch, the tier and the points to the next tier. The rows come a page at
 * a time, newest first (`limit`, at most POINTS_PAGE_MAX, which is also what a caller naming none gets; `before`,
 * the answer's `next_before`, for the older rows); the balance and expiry are always over every row.
 */
const getLoyaltyPointsDetails = defineMethod({
  ...POINTS_DETAILS,
  verbs: ['GET', 'POST'],
  allow: ['Member'],
  withSession: pointsSummarySessionRead,
  handler: (ctx, args) => pointsDetails(ctx, args),
});

/** Ours: what expires when, batch by batch (the history's "points expired" lines are what is left on that day). */
const getExpirySchedule = defineMethod({
  ...EXPIRY_SCHEDULE,
  verbs: ['GET'],
  allow: ['Member'],
  handler: (ctx) => expirySchedule(ctx),
});

/** Ours: the tier, the points earned in its window, the next tier and when points leave a rolling window. */
const getTierProgress = defineMethod({
  ...TIER_PROGRESS,
  verbs: ['GET'],
  allow: ['Member'],
  handler: (ctx) => tierProgress(ctx),
});

export const loyaltyModule: ServerModule = {
  name: 'loyalty',
  methods: [getLoyaltyPointsDetails, getExpirySchedule, getTierProgress],
  doctypes: [],
};
