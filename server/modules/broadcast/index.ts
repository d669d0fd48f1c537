import type { ServerModule } from '../../frappe/module';
import { defineMethod } from '../../frappe/methods';
import { BROADCAST_LIST, BROADCAST_PREVIEW, BROADCAST_ROLES, BROADCAST_SEND } from '../../../contracts/broadcast';
import { listBroadcastPage, previewBroadcast, sendBroadcast } from './service';

/**
 * Campaign broadcasts: System and Loyalty Managers preview a message for a segment of members, send it (one
 * `campaign` notification per member the segment reaches, through the notification outbox) and list past sends.
 */

const previewMethod = defineMethod({
  ...BROADCAST_PREVIEW,
  verbs: ['GET', 'POST'],
  allow: BROADCAST_ROLES,
  handler: (ctx, args) => previewBroadcast(ctx, args),
});

const sendMethod = defineMethod({
  ...BROADCAST_SEND,
  verbs: ['POST'],
  allow: BROADCAST_ROLES,
  handler: (ctx, args) => sendBroadcast(ctx, args),
});

const listMethod = defineMethod({
  ...BROADCAST_LIST,
  verbs: ['GET', 'POST'],
  allow: BROADCAST_ROLES,
  handler: (ctx, { start, limit }) => listBroadcastPage(ctx, start ?? 0, limit ?? 20),
});

export const broadcastModule: ServerModule = {
  name: 'broadcast',
  methods: [previewMethod, sendMethod, listMethod],
};
