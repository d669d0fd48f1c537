import * as v from 'valibot';
import { boundedNumber, pageArgs } from './args';
import { methodContract } from './contract';
import { IN_APP_PATH } from './notifications';

/**
 * Campaign broadcasts from the back office (member_rewards.broadcast.*): a message in Thai and English sent to a
 * segment of members as one `campaign` notification each, on the channels every member allows.
 *
 * The screen composes `BroadcastArgs` once and uses it twice: `preview` (reads only) says how many members the
 * segment holds and how many each channel reaches, with the notification as members will see it; `send` (with an
 * Idempotency-Key header) queues it and records it; `list` shows past broadcasts, newest first.
 */

/** Who may preview, send and list broadcasts. */
export const BROADCAST_ROLES = ['System Manager', 'Loyalty Manager'] as const;

export const BROADCAST_TITLE_MAX = 80;
export const BROADCAST_BODY_MAX = 400;
/** Sends per manager in an hour (a replayed Idempotency-Key is not a send). */
export const BROADCAST_SENDS_PER_HOUR = 3;
/** The longest activity window a segment may name (ten years). */
export const BROADCAST_MAX_DAYS = 3650;

// ------------------------------------------------------------------------------------------------- segment

const name = (what: string) => v.pipe(v.string(`${what} must be text`), v.trim(), v.minLength(1, `${what} must not be empty`), v.maxLength(140, `${what} is too long`));

/**
 * Who receives a broadcast. Every filter is optional and they combine (a member must match all that are given);
 * an empty list filters nothing, and no filter at all is every member. Blocked and disabled members are never in a segment.
 * - `tiers`: the member's tier as last evaluated (after each earning and nightly), as the reports count it.
 * - `branches`: members who earned or redeemed points at one of these branches (at any time).
 * - `last_activity`: `active` members earned or redeemed (anywhere) in the last `days` days, today included;
 *   `inactive` members did not (members who never did are inactive).
 */
export const SegmentSchema = v.strictObject(
  {
    tiers: v.optional(v.pipe(v.array(name('A tier'), 'Tiers must be a list'), v.maxLength(20, 'At most 20 tiers'))),
    branches: v.optional(v.pipe(v.array(name('A branch'), 'Branches must be a list'), v.maxLength(50, 'At most 50 branches'))),
    last_activity: v.optional(
      v.strictObject(
        {
          mode: v.picklist(['active', 'inactive'], 'Last activity must be active or inactive'),
          days: boundedNumber(1, BROADCAST_MAX_DAYS, `Days must be a whole number from 1 to ${BROADCAST_MAX_DAYS}`),
        },
        'Last activity takes mode and days only',
      ),
    ),
  },
  'A segment takes tiers, branches and last_activity only',
);
export type Segment = v.InferOutput<typeof SegmentSchema>;

// ------------------------------------------------------------------------------------------------- message

const textIn = (what: string, max: number) => {
  const one = (language: string) =>
    v.pipe(
      v.optional(v.string(`${what} in ${language} is required`), ''),
      v.trim(),
      v.minLength(1, `${what} in ${language} is required`),
      v.maxLength(max, `${what} in ${language} must be at most ${max} characters`),
    );
  return v.object({ th: one('Thai'), en: one('English') }, `${what} is required in Thai and English`);
};

/** Paths the server answers itself: never a screen of the app. */
const NOT_SCREENS = /^\/(api|files|private|socket\.io)(\/|$|\?|#)/;

/** Where a tap on the notification opens: a screen of this app ('/rewards'), never another site. */
export const BroadcastUrlSchema = v.pipe(
  v.string('The link must be text'),
  v.trim(),
  v.regex(IN_APP_PATH, 'The link must be an address inside the app, starting with /'),
  v.check((path) => !NOT_SCREENS.test(path), 'The link must open a screen of the app'),
);

/** What preview and send take: the segment and the message (title and body in both languages, an optional link). */
export const BroadcastArgs = v.looseObject({
  segment: v.optional(SegmentSchema, {}),
  title: textIn('Title', BROADCAST_TITLE_MAX),
  body: textIn('Message', BROADCAST_BODY_MAX),
  url: v.optional(v.union([v.literal(''), BroadcastUrlSchema], 'The link must be an address inside the app, starting with /')),
});
export type BroadcastInput = v.InferOutput<typeof BroadcastArgs>;

// ------------------------------------------------------------------------------------------------- answers

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** One language of the notification as a member sees it: the push's title and body, and the LINE message. */
const RenderedIn = v.object({ title: v.string(), body: v.string(), line_text: v.string() });

/**
 * A broadcast is marketing: only members who consented to offers (their marketing consent, opt-in) receive it.
 * `members`: the segment's members with that consent; `left_out_no_consent`: the segment's members left out for want
 * of it; `webpush` / `line`: how many consenting members each channel reaches (the campaigns topic on for that
 * channel, a subscribed device or a LINE account, the channel available on this server); `reachable`: consenting
 * members reached on at least one channel, the number `send` queues.
 */
export const BroadcastPreviewAnswer = v.object({
  members: count,
  left_out_no_consent: count,
  webpush: count,
  line: count,
  reachable: count,
  sample: v.object({ th: RenderedIn, en: RenderedIn, url: v.string() }),
});
export type BroadcastPreview = v.InferOutput<typeof BroadcastPreviewAnswer>;

/** `queued`: the notifications queued, one per reachable member (the same answer again for a repeated key). */
export const BroadcastSendAnswer = v.object({ broadcast: count, members: count, webpush: count, line: count, queued: count });

export const BroadcastListArgs = v.looseObject({ ...pageArgs(100) });

const Bilingual = v.object({ th: v.string(), en: v.string() });

export const BroadcastRowSchema = v.object({
  broadcast: count,
  /** ISO 8601 instant. */
  created_at: v.string(),
  sent_by: v.string(),
  sent_by_name: v.string(),
  role: v.string(),
  segment: SegmentSchema,
  title: Bilingual,
  body: Bilingual,
  url: v.nullable(v.string()),
  members: count,
  webpush: count,
  line: count,
  queued: count,
});
export type BroadcastRow = v.InferOutput<typeof BroadcastRowSchema>;
export const BroadcastListAnswer = v.object({ rows: v.array(BroadcastRowSchema), total: count });

/**
 * Reads only. `segment` `{tiers?, branches?, last_activity?: {mode: active|inactive, days 1–3650}}` (the filters
 * combine, an empty or absent one is any; no filter: every member): the tier as last evaluated, members who earned or
 * redeemed at one of the branches, members who did (`active`) or did not (`inactive`, or never did) earn or redeem
 * anywhere in the last `days` days, today included; blocked members are never in a segment. `title` and `body` `{th,
 * en}`, both required (at most 80 and 400 characters); `url` a screen of the app (`/rewards`; never another site or
 * `/api`…), `/` by default. Answers how many members the segment holds, how many each channel reaches (the `campaigns`
 * topic on for it, a subscribed device or a LINE account, the channel available on this server), how many at least one
 * channel reaches, and `sample.th` / `sample.en` `{title, body, line_text}` (the push and the LINE message as members
 * see them). Unknown tier `unknown_tier`, unknown branch `branch_not_found`.
 */
export const BROADCAST_PREVIEW = methodContract('member_rewards.broadcast.preview', BroadcastArgs, BroadcastPreviewAnswer);

/**
 * The preview's arguments. Needs an `Idempotency-Key` (417 `idempotency_key_required`): the same key is the same
 * broadcast, also after its idempotency record expired. In one transaction: the sender's limit (3 sends an hour per
 * manager; 429 `broadcast_rate_limited`; a replayed key is not a send), the broadcast, its audit row (`Broadcast`
 * `<id>`: who, role, segment, counts, texts) and one `campaign` notification per reachable member (dedupe key
 * `broadcast:<id>`: never queued twice), the segment walked 1,000 members at a time. `queued` is the preview's
 * `reachable`.
 */
export const BROADCAST_SEND = methodContract('member_rewards.broadcast.send', BroadcastArgs, BroadcastSendAnswer);

/** Past broadcasts, newest first. `limit` is at most 100. */
export const BROADCAST_LIST = methodContract('member_rewards.broadcast.list', BroadcastListArgs, BroadcastListAnswer);
