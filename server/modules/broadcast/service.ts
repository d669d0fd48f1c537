import type { RequestContext } from '../../frappe/context';
import type { Executor } from '../../db/client';
import { validationError } from '../../frappe/errors';
import { hitLimit } from '../../frappe/rate-limit';
import { today } from '../../../contracts/business-day';
import {
  BROADCAST_SENDS_PER_HOUR,
  type BroadcastInput,
  type BroadcastPreview,
  type BroadcastRow as BroadcastAnswerRow,
  type Segment,
} from '../../../contracts/broadcast';
import { NOTIFICATION_LANGS, type EventPayload } from '../../../contracts/notifications';
import { actorOf, auditAs } from '../audit/service';
import { enqueueEvent, linkFor } from '../notifications/index';
import { lineText, renderEvent } from '../notifications/messages';
import { lineMessagingMode } from '../notifications/line-messaging';
import { vapidKeys } from '../notifications/web-push';
import { addDays } from '../programme/rules';
import { unknownBranches } from '../programme/repository';
import { tierNames } from '../programme/service';
import {
  broadcastByRequest,
  insertBroadcast,
  listBroadcasts,
  reachableMembersAfter,
  segmentCounts,
  setQueued,
  type BroadcastRow,
  type Channels,
  type SegmentQuery,
} from './repository';

/** Members queued per statement: the segment is walked a page at a time. */
const PAGE = 1000;

/** Filters with nothing in them filter nothing (an empty multi-select means "any"). */
function normalise(segment: Segment): Segment {
  return {
    ...(segment.tiers?.length ? { tiers: [...new Set(segment.tiers)] } : {}),
    ...(segment.branches?.length ? { branches: [...new Set(segment.branches)] } : {}),
    ...(segment.last_activity ? { last_activity: segment.last_activity } : {}),
  };
}

/** Tiers and branches must exist: a misspelt name would silently narrow the segment to nobody. */
async function checkSegment(db: Executor, segment: Segment) {
  if (segment.tiers) {
    const known = new Set(await tierNames(db));
    const unknown = segment.tiers.find((t) => !known.has(t));
    if (unknown !== undefined) throw validationError(`Unknown tier: ${unknown.slice(0, 40)}`, 'unknown_tier');
  }
  if (segment.branches) {
    const [unknown] = await unknownBranches(db, segment.branches);
    if (unknown !== undefined) throw validationError(`Branch ${unknown.slice(0, 80)} not found`, 'branch_not_found');
  }
}

/** `days` days ending today: the first of them. */
const querySegment = (segment: Segment, day = today()): SegmentQuery => ({
  tiers: segment.tiers,
  branches: segment.branches,
  activity: segment.last_activity && { active: segment.last_activity.mode === 'active', since: addDays(day, 1 - segment.last_activity.days) },
});

async function channels(ctx: RequestContext): Promise<Channels> {
  return { webpush: (await vapidKeys(ctx.db, ctx.config)) !== null, line: lineMessagingMode(ctx.config) !== null };
}

const payloadOf = (input: BroadcastInput): EventPayload<'campaign'> => ({ title: input.title, body: input.body, ...(input.url ? { url: input.url } : {}) });

/** The notification as members will see it: the push's title and body, and the LINE message, in each language. */
function sample(ctx: RequestContext, payload: EventPayload<'campaign'>): BroadcastPreview['sample'] {
  const rendered = renderEvent('campaign', payload);
  const link = linkFor(ctx.config, rendered.url);
  const one = (lang: (typeof NOTIFICATION_LANGS)[number]) => ({ title: rendered.title[lang], body: rendered.body[lang], line_text: lineText(rendered, lang, link) });
  return { th: one('th'), en: one('en'), url: rendered.url };
}

/** member_rewards.broadcast.preview: reads only. */
export async function previewBroadcast(ctx: RequestContext, input: BroadcastInput): Promise<BroadcastPreview> {
  const segment = normalise(input.segment);
  await checkSegment(ctx.db, segment);
  const counts = await segmentCounts(ctx.db, querySegment(segment), await channels(ctx));
  return { ...counts, sample: sample(ctx, payloadOf(input)) };
}

const answerOf = (row: BroadcastRow) => ({ broadcast: row.id, members: row.members, webpush: row.webpush, line: row.line, queued: row.queued });

/**
 * member_rewards.broadcast.send. Needs an Idempotency-Key: a repeated request replays the first answer (the
 * project's idempotency records) and, past their lifetime, the broadcast recorded under the key answers again, so
 * a key sends once. In one transaction: the manager's hourly limit, the broadcast and its audit row, and one
 * `campaign` event per reachable member with the broadcast in its dedupe key, queued a page at a time.
 */
export async function sendBroadcast(ctx: RequestContext, input: BroadcastInput) {
  const requestKey = ctx.request.headers['idempotency-key'];
  if (typeof requestKey !== 'string' || !requestKey) {
    throw validationError('Send an Idempotency-Key header with every broadcast', 'idempotency_key_required');
  }
  const segment = normalise(input.segment);
  await checkSegment(ctx.db, segment);
  const actor = actorOf(ctx);
  const earlier = await broadcastByRequest(ctx.db, actor.user, requestKey);
  if (earlier) return answerOf(earlier);
  const query = querySegment(segment);
  const ch = await channels(ctx);
  const payload = payloadOf(input);
  return ctx.db.transaction(async (tx) => {
    // Inside the transaction: a send that fails for any reason does not count against the manager.
    await hitLimit(
      tx,
      `broadcast:send:${actor.user}`,
      BROADCAST_SENDS_PER_HOUR,
      60 * 60,
      `At most ${BROADCAST_SENDS_PER_HOUR} broadcasts an hour. Please try again later.`,
      'broadcast_rate_limited',
    );
    const counts = await segmentCounts(tx, query, ch);
    const row = await insertBroadcast(tx, {
      sent_by: actor.user,
      role: actor.role,
      request_key: requestKey,
      segment,
      title: payload.title,
      body: payload.body,
      url: payload.url ?? null,
      members: counts.members,
      webpush: counts.webpush,
      line: counts.line,
      queued: 0,
    });
    // The same key sent twice at once: the other request recorded it first.
    if (!row) return answerOf((await broadcastByRequest(tx, actor.user, requestKey))!);
    let queued = 0;
    for (let after: string | null = null; ; ) {
      const page = await reachableMembersAfter(tx, query, ch, after, PAGE);
      if (page.length === 0) break;
      queued += (await enqueueEvent(tx, 'campaign', payload, { to: page, dedupeKey: `broadcast:${row.id}` })).length;
      after = page[page.length - 1]!;
      if (page.length < PAGE) break;
    }
    await setQueued(tx, row.id, queued);
    await auditAs(actor, tx, {
      action: 'broadcast',
      doctype: 'Broadcast',
      name: String(row.id),
      before: {},
      after: { segment, members: counts.members, webpush: counts.webpush, line: counts.line, queued, title: payload.title, body: payload.body, url: payload.url ?? null },
      branch: null,
    });
    return answerOf({ ...row, queued });
  });
}

/** member_rewards.broadcast.list: newest first. */
export async function listBroadcastPage(ctx: RequestContext, start: number, limit: number): Promise<{ rows: BroadcastAnswerRow[]; total: number }> {
  const page = await listBroadcasts(ctx.db, start, limit);
  return {
    total: page.total,
    rows: page.rows.map(({ broadcast: b, sent_by_name }) => ({
      broadcast: b.id,
      created_at: b.created_at.toISOString(),
      sent_by: b.sent_by,
      sent_by_name,
      role: b.role,
      segment: b.segment as Segment,
      title: b.title as BroadcastAnswerRow['title'],
      body: b.body as BroadcastAnswerRow['body'],
      url: b.url,
      members: b.members,
      webpush: b.webpush,
      line: b.line,
      queued: b.queued,
    })),
  };
}
