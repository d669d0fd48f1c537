import * as v from 'valibot';
import { refuseRemoteOutboxReader } from '../../frappe/local-only';
import type { ServerModule } from '../../frappe/module';
import { defineMethod } from '../../frappe/methods';
import { notFound } from '../../frappe/errors';
import {
  GET_NOTIFICATION_SETTINGS,
  GET_VAPID_PUBLIC_KEY,
  LINE_OUTBOX,
  SUBSCRIBE_PUSH,
  UNSUBSCRIBE_PUSH,
  UPDATE_NOTIFICATION_SETTINGS,
} from '../../../contracts/notifications';
import { lineMessagingMode } from './line-messaging';
import { lineOutboxList } from './repository';
import {
  deliver,
  DELIVER_JOB,
  deliveryGivenUp,
  FANOUT_JOB,
  fanOut,
  getSettings,
  subscribe,
  unsubscribe,
  updateSettings,
  vapidPublicKey,
} from './service';

/**
 * Notifications: the outbox of events (enqueueEvent, in service.ts), its delivery jobs on Web Push and LINE,
 * the member's settings and the Web Push subscription methods. Every method acts on the caller's own rows only.
 */

const getVapidPublicKey = defineMethod({
  ...GET_VAPID_PUBLIC_KEY,
  verbs: ['GET'],
  allow: ['Member'],
  handler: (ctx) => vapidPublicKey(ctx),
});

const subscribeMethod = defineMethod({
  ...SUBSCRIBE_PUSH,
  verbs: ['POST'],
  allow: ['Member'],
  handler: (ctx, { subscription, language }) => subscribe(ctx, subscription, language),
});

const unsubscribeMethod = defineMethod({
  ...UNSUBSCRIBE_PUSH,
  verbs: ['POST'],
  allow: ['Member'],
  handler: (ctx, { endpoint }) => unsubscribe(ctx, endpoint),
});

const getSettingsMethod = defineMethod({
  ...GET_NOTIFICATION_SETTINGS,
  verbs: ['GET'],
  allow: ['Member'],
  handler: (ctx) => getSettings(ctx),
});

const updateSettingsMethod = defineMethod({
  ...UPDATE_NOTIFICATION_SETTINGS,
  verbs: ['POST'],
  allow: ['Member'],
  handler: (ctx, args) => updateSettings(ctx, args),
});

/** The development LINE outbox (like the SMS one): what would have been pushed. */
const lineOutboxRead = defineMethod({
  ...LINE_OUTBOX,
  verbs: ['GET'],
  allow: ['Guest'],
  async handler(ctx, { to, limit }) {
    if (lineMessagingMode(ctx.config) !== 'outbox') throw notFound('The development LINE outbox is not available');
    refuseRemoteOutboxReader(ctx);
    const n = Math.min(Math.max(Number(limit ?? 20) || 20, 1), 100);
    const rows = await lineOutboxList(ctx.db, to, n);
    return rows.map((r) => ({
      to: r.to,
      retry_key: r.retry_key,
      text: (r.messages as Array<{ text?: string }>).map((m) => m.text ?? '').join('\n'),
      created_at: r.created_at.toISOString(),
    }));
  },
});

export const notificationsModule: ServerModule = {
  name: 'notifications',
  methods: [getVapidPublicKey, subscribeMethod, unsubscribeMethod, getSettingsMethod, updateSettingsMethod, lineOutboxRead],
  routes(app, { config }) {
    app.jobs.define<{ event: number }>({
      kind: FANOUT_JOB,
      payload: v.object({ event: v.number() }),
      run: (ctx) => fanOut(ctx, config),
    });
    app.jobs.define<{ delivery: number }>({
      kind: DELIVER_JOB,
      payload: v.object({ delivery: v.number() }),
      run: (ctx) => deliver(ctx, config),
      onGiveUp: (ctx, error) => deliveryGivenUp(ctx, error),
    });
  },
};

export { enqueueEvent, linkFor, quietUntil, reach } from './service';
export { itemSummary } from './messages';
