import type { ServerModule } from '../../frappe/module';
import { defineMethod } from '../../frappe/methods';
import {
  REDELIVER_WEBHOOK, SET_WEBHOOK_ENABLED, SUBSCRIBE_WEBHOOK, SUBSCRIBE_WEBHOOK_FOR_CLIENT, SUBSCRIPTION_DELIVERIES, UNSUBSCRIBE_WEBHOOK, WEBHOOK_DELIVERIES,
  WEBHOOK_SUBSCRIPTIONS,
} from '../../../contracts/webhooks';
import { deliverDue, DELIVERY_JOB } from './delivery';
import {
  allSubscriptions, clientDeliveries, redeliver, setSubscriptionEnabled, subscribe, subscribeForClient, subscriptionDeliveries, unsubscribe,
} from './service';

/**
 * Webhooks (contracts/webhooks.ts): events recorded with the changes they report (events.ts), sent by the delivery
 * job (delivery.ts) to the endpoints clients subscribed. A client with the scope `webhooks` manages its own
 * subscriptions; a System Manager sees and manages every client's.
 */

const clientSubscribe = defineMethod({ ...SUBSCRIBE_WEBHOOK, verbs: ['POST'], allow: [], scope: 'webhooks', handler: (ctx, args) => subscribe(ctx, args) });
const clientUnsubscribe = defineMethod({ ...UNSUBSCRIBE_WEBHOOK, verbs: ['POST'], allow: [], scope: 'webhooks', handler: (ctx, args) => unsubscribe(ctx, args) });
const clientDeliveryList = defineMethod({ ...WEBHOOK_DELIVERIES, verbs: ['GET', 'POST'], allow: [], scope: 'webhooks', handler: (ctx, args) => clientDeliveries(ctx, args) });

const list = defineMethod({ ...WEBHOOK_SUBSCRIPTIONS, verbs: ['GET'], allow: ['System Manager'], handler: (ctx, args) => allSubscriptions(ctx, args) });
const subscribeFor = defineMethod({ ...SUBSCRIBE_WEBHOOK_FOR_CLIENT, verbs: ['POST'], allow: ['System Manager'], handler: (ctx, args) => subscribeForClient(ctx, args) });
const deliveries = defineMethod({ ...SUBSCRIPTION_DELIVERIES, verbs: ['GET'], allow: ['System Manager'], handler: (ctx, args) => subscriptionDeliveries(ctx, args) });
const resend = defineMethod({ ...REDELIVER_WEBHOOK, verbs: ['POST'], allow: ['System Manager'], handler: (ctx, args) => redeliver(ctx, args) });
const setEnabled = defineMethod({ ...SET_WEBHOOK_ENABLED, verbs: ['POST'], allow: ['System Manager'], handler: (ctx, args) => setSubscriptionEnabled(ctx, args) });

export const webhooksModule: ServerModule = {
  name: 'webhooks',
  methods: [clientSubscribe, clientUnsubscribe, clientDeliveryList, list, subscribeFor, deliveries, resend, setEnabled],
  routes(app, { config }) {
    // Every 10 seconds: the first retry waits 5, so it goes within 15.
    app.jobs.define({ kind: DELIVERY_JOB, run: async ({ db, clock, log }) => void (await deliverDue({ db, production: config.production, clock, log })) });
    app.jobs.every(DELIVERY_JOB, { everySeconds: 10 });
  },
};
