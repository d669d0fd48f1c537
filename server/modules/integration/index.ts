import type { ServerModule } from '../../frappe/module';
import { defineMethod } from '../../frappe/methods';
import {
  INTEGRATION_CAPTURE, INTEGRATION_CONFIRM_REWARD, INTEGRATION_EARN, INTEGRATION_HOLD, INTEGRATION_RELEASE, INTEGRATION_REVERSE, LOOKUP_MEMBER,
} from '../../../contracts/integration';
import { confirmRewardFor, earnForReceipt, lookupMember, reverseReceipt } from './service';
import { captureHold, expireDueHolds, holdPoints, releaseHold } from './holds';

/**
 * member_rewards.integration.*: what the brand's tills and shops call as API clients (contracts/integration.ts).
 * Each method names the scope it needs; only API clients holding it may call it (the dispatcher), and users never.
 * `allow` is empty: no role opens them.
 */

const lookup = defineMethod({ ...LOOKUP_MEMBER, verbs: ['GET', 'POST'], allow: [], scope: 'members:read', handler: (ctx, args) => lookupMember(ctx, args) });
const earn = defineMethod({ ...INTEGRATION_EARN, verbs: ['POST'], allow: [], scope: 'points:earn', handler: (ctx, args) => earnForReceipt(ctx, args) });
const reverse = defineMethod({ ...INTEGRATION_REVERSE, verbs: ['POST'], allow: [], scope: 'points:earn', handler: (ctx, args) => reverseReceipt(ctx, args) });
const hold = defineMethod({ ...INTEGRATION_HOLD, verbs: ['POST'], allow: [], scope: 'points:redeem', handler: (ctx, args) => holdPoints(ctx, args) });
const capture = defineMethod({ ...INTEGRATION_CAPTURE, verbs: ['POST'], allow: [], scope: 'points:redeem', handler: (ctx, args) => captureHold(ctx, args) });
const release = defineMethod({ ...INTEGRATION_RELEASE, verbs: ['POST'], allow: [], scope: 'points:redeem', handler: (ctx, args) => releaseHold(ctx, args) });
const confirm = defineMethod({
  ...INTEGRATION_CONFIRM_REWARD,
  verbs: ['POST'],
  allow: [],
  scope: 'rewards:confirm',
  handler: (ctx, args) => confirmRewardFor(ctx, args),
});

export const HOLD_EXPIRY_JOB = 'integration.expire_holds';

export const integrationModule: ServerModule = {
  name: 'integration',
  methods: [lookup, earn, reverse, hold, capture, release, confirm],
  routes(app) {
    // Every minute: a hold lasts 1 to 15 minutes, so an expired one is back with the member within a minute.
    app.jobs.define({ kind: HOLD_EXPIRY_JOB, run: async ({ db, now }) => void (await expireDueHolds(db, now)) });
    app.jobs.every(HOLD_EXPIRY_JOB, { everySeconds: 60 });
  },
};
