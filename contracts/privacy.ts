import * as v from 'valibot';
import { noArgs, noticeVersionArg, optionalText, pageArgs, requiredText } from './args';
import { methodContract, rawMethodContract } from './contract';
import { bilingual, CONSENT_PURPOSES, ConsentsSchema, PrivacyNoticeSchema } from './privacy-consents';
import { ACCESS_KINDS, PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_STATUSES } from './privacy-vocabulary';

export * from './privacy-consents';

/**
 * The member's personal data under Thailand's Personal Data Protection Act (member_rewards.privacy.*): consent on
 * record against a dated, versioned privacy notice; a separate, opt-in marketing consent; a copy of everything the
 * brand holds about the member; erasure confirmed by a one-time code; the back office's list of requests with
 * their legal deadlines; and the log of every back-office view of a member's personal data.
 */

/** Where a consent was given or withdrawn. */
export const CONSENT_SOURCES = ['sign_in', 'liff', 'settings', 'back_office'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** Days the law gives the brand to answer: a copy of the data (s.30) and erasure (the regulator's 2024 notification). */
export const REQUEST_DEADLINE_DAYS = { access: 30, erasure: 90 } as const;
export { ACCESS_KINDS, PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_STATUSES, type AccessKind, type PrivacyRequestKind } from './privacy-vocabulary';

/** Copies of their data a member may download in a day. */
export const EXPORTS_PER_DAY = 5;
/** Access-log rows are kept this many days unless the settings say otherwise (`privacy.access_log_days`). */
export const ACCESS_LOG_DAYS_DEFAULT = 365;

/** Who manages privacy in the back office: the notice, the requests, erasure on a member's behalf. */
export const PRIVACY_MANAGERS = ['System Manager', 'Loyalty Manager'] as const;

const noticeText = (what: string, max: number) =>
  v.object(
    { th: requiredText(`${what} in Thai is required`, max, `${what} in Thai is too long`), en: requiredText(`${what} in English is required`, max, `${what} in English is too long`) },
    `${what} is required in Thai and English`,
  );

export const PublishNoticeArgs = v.looseObject({
  title: noticeText('The title', 200),
  intro: noticeText('The introduction', 2000),
  sections: v.pipe(
    v.array(v.object({ title: noticeText('A section title', 200), body: noticeText('A section', 8000) }), 'Sections must be a list'),
    v.minLength(1, 'The notice needs at least one section'),
    v.maxLength(30, 'At most 30 sections'),
  ),
});

/**
 * A manager publishes a new version of the notice (the next number, dated now; audited). Members who agreed to
 * an older version are asked again at their next open (get_consents answers both versions).
 */
export const PRIVACY_PUBLISH_NOTICE = methodContract('member_rewards.privacy.publish_notice', PublishNoticeArgs, PrivacyNoticeSchema);

/** Every version, newest first, with who published it and how many members have agreed to it. */
export const PRIVACY_LIST_NOTICES = methodContract(
  'member_rewards.privacy.list_notices',
  noArgs,
  v.object({
    rows: v.array(v.object({ version: v.number(), published_at: v.string(), published_by: v.string(), title: bilingual, members_agreed: v.number() })),
  }),
);

// ------------------------------------------------------------------------------------------------- consents

export const SetConsentArgs = v.pipe(
  v.looseObject({
    purpose: v.picklist(CONSENT_PURPOSES, 'Purpose must be privacy_notice or marketing'),
    granted: v.picklist([0, 1, '0', '1'], 'granted must be 0 or 1'),
    version: v.optional(noticeVersionArg()),
  }),
  v.transform((a) => ({ ...a, granted: Number(a.granted) as 0 | 1 })),
);

/**
 * Gives or withdraws a consent (recorded with source `settings`). For the notice, `version` is the version the
 * member read (required when granting; an unknown version is 417 `privacy_version_unknown`). Withdrawing is as
 * easy as giving. Answers the consents as get_consents does.
 */
export const PRIVACY_SET_CONSENT = methodContract('member_rewards.privacy.set_consent', SetConsentArgs, ConsentsSchema);

/**
 * A manager records a consent the member gave or withdrew to staff (at a branch, on the phone), on the member's
 * behalf: source `back_office`, the manager as the one who recorded it; audited. Answers the member's consents.
 */
export const PRIVACY_SET_MEMBER_CONSENT = methodContract(
  'member_rewards.privacy.set_member_consent',
  v.pipe(
    v.looseObject({
      customer: requiredText('A member is required', 140),
      purpose: v.picklist(CONSENT_PURPOSES, 'Purpose must be privacy_notice or marketing'),
      granted: v.picklist([0, 1, '0', '1'], 'granted must be 0 or 1'),
      version: v.optional(noticeVersionArg()),
    }),
    v.transform((a) => ({ ...a, granted: Number(a.granted) as 0 | 1 })),
  ),
  ConsentsSchema,
);

/**
 * A member's consents as a manager reads them on the member's page (the same answer as get_consents); 404
 * `member_not_found`.
 */
export const PRIVACY_GET_MEMBER_CONSENTS = methodContract(
  'member_rewards.privacy.get_member_consents',
  v.looseObject({ customer: requiredText('A member is required', 140) }),
  ConsentsSchema,
);

// ------------------------------------------------------------------------------------------------- a copy of my data

const nullableString = v.nullable(v.string());
const jsonRow = v.record(v.string(), v.unknown());

/**
 * The document export_my_data answers (a download, `member-data-<customer>.json`, UTF-8): everything the brand
 * holds about the caller and nothing of anyone else. `format` names this shape.
 */
export const MyDataSchema = v.object({
  format: v.literal('member-rewards.my-data.v1'),
  generated_at: v.string(),
  profile: v.object({
    customer: v.string(),
    customer_name: v.string(),
    full_name: v.string(),
    first_name: v.string(),
    last_name: v.string(),
    email: nullableString,
    mobile_no: nullableString,
    phone_verified: v.boolean(),
    id_card_number: nullableString,
    birth_date: nullableString,
    user_image: nullableString,
    language: v.string(),
    line_user_id: nullableString,
    member_since: v.string(),
    loyalty_program: nullableString,
    tier: nullableString,
    loyalty_points: v.number(),
  }),
  addresses: v.array(jsonRow),
  consents: v.array(v.object({ purpose: v.string(), granted: v.boolean(), version: v.nullable(v.number()), source: v.string(), at: v.string() })),
  /** Every ledger line, oldest first. */
  points: v.array(jsonRow),
  /** Purchases and reward orders with their lines and hand-overs, oldest first. */
  orders: v.array(jsonRow),
  refunds: v.array(jsonRow),
  notification_settings: v.nullable(jsonRow),
  push_devices: v.array(v.object({ created_at: v.string(), user_agent: nullableString, last_sent_at: nullableString })),
  member_code_devices: v.array(v.object({ member_no: v.number(), created_at: v.string(), revoked_at: nullableString })),
  notifications: v.array(v.object({ kind: v.string(), payload: v.unknown(), created_at: v.string() })),
  /** Sign-ins currently open (each device's session). */
  sessions: v.array(v.object({ device: v.string(), created_at: v.string(), expires_at: v.string() })),
  privacy_requests: v.array(v.object({ kind: v.string(), status: v.string(), requested_at: v.string(), due_date: v.string(), completed_at: nullableString })),
});
export type MyData = v.InferOutput<typeof MyDataSchema>;

/**
 * A copy of the caller's data as one JSON file (MyDataSchema), sent as a download and not inside `message`. At most
 * EXPORTS_PER_DAY a day (429); each copy is audited and recorded as a completed access request.
 */
export const PRIVACY_EXPORT_MY_DATA = rawMethodContract('member_rewards.privacy.export_my_data', noArgs);

/**
 * A manager answers a member's access request made to staff: the member's copy (MyDataSchema) as a download for
 * the member. Completes the member's open access requests; audited and written in the access log.
 */
export const PRIVACY_EXPORT_MEMBER_DATA = rawMethodContract(
  'member_rewards.privacy.export_member_data',
  v.looseObject({ customer: requiredText('A member is required', 140) }),
);

// ------------------------------------------------------------------------------------------------- erasure

const rewardBack = v.object({ order: v.string(), points_returned: v.number() });

/**
 * Starts deleting the caller's account: a one-time code goes to their verified phone (417 `phone_not_verified`
 * without one). Answers the phone it went to, masked, and what erasure will do: the uncollected reward orders
 * it cancels (their points come back first) and the points it forfeits.
 */
export const PRIVACY_REQUEST_DELETION = methodContract(
  'member_rewards.privacy.request_deletion',
  noArgs,
  v.object({ sent: v.literal(true), phone: v.string(), uncollected_rewards: v.array(v.string()), points_to_forfeit: v.number() }),
);

export const otpArg = v.pipe(
  v.optional(v.string('Enter the code from the SMS'), ''),
  v.trim(),
  v.regex(/^\d{6}$/, 'Enter the 6-digit code from the SMS'),
);

export const ErasureAnswer = v.object({
  erased: v.literal(true),
  customer: v.string(),
  cancelled_rewards: v.array(rewardBack),
  points_forfeited: v.number(),
});
export type ErasureResult = v.InferOutput<typeof ErasureAnswer>;

/**
 * Erases the caller's account with the code request_deletion sent (417 `erasure_code_wrong`): every session, token,
 * device and the LINE link revoked; personal data erased everywhere; uncollected rewards cancelled and the points
 * then left forfeited; orders and the ledger kept under the pseudonymous member id.
 */
export const PRIVACY_CONFIRM_DELETION = methodContract('member_rewards.privacy.confirm_deletion', v.looseObject({ otp: otpArg }), ErasureAnswer);

// ------------------------------------------------------------------------------------------------- the back office

const customerArg = requiredText('A member is required', 140);

export const PrivacyRequestRowSchema = v.object({
  id: v.number(),
  customer: v.string(),
  /** The member's name, or null once erased. */
  member_name: nullableString,
  kind: v.picklist(PRIVACY_REQUEST_KINDS),
  status: v.picklist(PRIVACY_REQUEST_STATUSES),
  channel: v.picklist(['app', 'back_office']),
  requested_at: v.string(),
  /** The legal deadline: 30 days after an access request, 90 after an erasure request. */
  due_date: v.string(),
  completed_at: nullableString,
  completed_by: nullableString,
});
export type PrivacyRequestRow = v.InferOutput<typeof PrivacyRequestRowSchema>;

/** Access and erasure requests, open ones soonest deadline first, then completed ones newest first. */
export const PRIVACY_LIST_REQUESTS = methodContract(
  'member_rewards.privacy.list_requests',
  v.looseObject({
    kind: v.optional(v.picklist(PRIVACY_REQUEST_KINDS, 'Kind must be access or erasure')),
    status: v.optional(v.picklist(PRIVACY_REQUEST_STATUSES, 'Status must be open or completed')),
    ...pageArgs(200),
  }),
  v.object({ rows: v.array(PrivacyRequestRowSchema), total: v.number() }),
);

/** A request the member made to staff (at a branch, by phone or mail): recorded with its deadline; audited. */
export const PRIVACY_RECORD_REQUEST = methodContract(
  'member_rewards.privacy.record_request',
  v.looseObject({ customer: customerArg, kind: v.picklist(PRIVACY_REQUEST_KINDS, 'Kind must be access or erasure') }),
  PrivacyRequestRowSchema,
);

/** Sends the member a one-time code to their verified phone, so a manager erasing on their request can confirm it. */
export const PRIVACY_SEND_ERASURE_CODE = methodContract(
  'member_rewards.privacy.send_erasure_code',
  v.looseObject({ customer: customerArg }),
  v.object({ sent: v.literal(true), phone: v.string() }),
);

/**
 * A manager erases a member on the member's request: confirmed by the code the member received (`otp`) or, when
 * that is not possible, the manager's written `reason` (417 `erasure_confirmation_required` with neither). Audited
 * without personal data; any open request of the member is completed.
 */
export const PRIVACY_ERASE_MEMBER = methodContract(
  'member_rewards.privacy.erase_member',
  v.looseObject({
    customer: customerArg,
    otp: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'Enter the 6-digit code from the SMS'))])),
    reason: optionalText(500, 'The reason is too long'),
  }),
  ErasureAnswer,
);


export const AccessLogRowSchema = v.object({
  id: v.number(),
  user: v.string(),
  role: v.string(),
  branch: nullableString,
  customer: v.string(),
  what: v.picklist(ACCESS_KINDS),
  ip: nullableString,
  created_at: v.string(),
});

/** Who looked at whose personal data, newest first; System Managers only. Filters combine. */
export const PRIVACY_LIST_ACCESS_LOG = methodContract(
  'member_rewards.privacy.list_access_log',
  v.looseObject({
    user: optionalText(140, 'The user is too long'),
    customer: optionalText(140, 'The member is too long'),
    branch: optionalText(140, 'The branch is too long'),
    what: v.optional(v.picklist(ACCESS_KINDS, 'Unknown kind of access')),
    from_date: v.optional(v.pipe(v.string(), v.isoDate('from_date must be a date (YYYY-MM-DD)'))),
    to_date: v.optional(v.pipe(v.string(), v.isoDate('to_date must be a date (YYYY-MM-DD)'))),
    ...pageArgs(500),
  }),
  v.object({ rows: v.array(AccessLogRowSchema), total: v.number() }),
);

/** A phone as a manager without access to the member sees it: 0812341234 (or +66 81 234 1234) → 08x-xxx-1234. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  // The country code is written as the Thai trunk 0, so the two digits shown are the network's, not "66".
  const digits = phone.replace(/\D/g, '').replace(/^66(?=\d{9}$)/, '0');
  if (digits.length < 4) return 'xxx';
  return `${digits.slice(0, 2)}x-xxx-${digits.slice(-4)}`;
}
