import * as v from 'valibot';
import { doctypeContract, methodContract, rawMethodContract } from './contract';
import { boundedNumber, noArgs, optionalText, pageArgs, requiredText, yesNo } from './args';
import { isoDay } from './dates';
import { ENTRY_TYPES } from './loyalty';

/**
 * The back office's methods (member_rewards.admin.*): members, point adjustments and imports, blocking, exports,
 * staff accounts, the adjustment reasons; and the Audit Log doctype. Each method's request schema is its `args`
 * on the server and its answer schema its `returns`; the admin screens use the same schemas.
 */

export const ADMIN_METHODS = {
  searchMembers: 'member_rewards.admin.search_members',
  memberSummary: 'member_rewards.admin.member_summary',
  adjustPoints: 'member_rewards.admin.adjust_points',
  importPoints: 'member_rewards.admin.import_points',
  setMemberBlocked: 'member_rewards.admin.set_member_blocked',
  export: 'member_rewards.admin.export',
  listStaff: 'member_rewards.admin.list_staff',
  createStaff: 'member_rewards.admin.create_staff',
  updateStaff: 'member_rewards.admin.update_staff',
  sendStaffPasswordReset: 'member_rewards.admin.send_staff_password_reset',
  getAdjustmentReasons: 'member_rewards.admin.get_adjustment_reasons',
  updateAdjustmentReasons: 'member_rewards.admin.update_adjustment_reasons',
} as const;

/** Roles of the back office. System Manager may do everything; a Branch Manager only for their own branch. */
export const BACK_OFFICE_ROLES = ['System Manager', 'Loyalty Manager', 'Branch Manager'] as const;
/** The accounts the staff screens manage (each belongs to one branch). */
export const STAFF_ROLES = ['Store Staff', 'Branch Manager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a Loyalty Point Entry is to the balance: contracts/loyalty.ts. */
export { ENTRY_TYPES, type EntryType } from './loyalty';

/** The adjustment reasons a new installation starts with (the list is configurable). */
export const DEFAULT_ADJUSTMENT_REASONS = ['goodwill', 'correction', 'missing_purchase', 'promotion', 'opening_balance'] as const;
/** An imported row without a reason gets this one. */
export const IMPORT_DEFAULT_REASON = 'opening_balance';

export const ADJUST_LIMIT = 1_000_000;
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_CHARS = 900_000;

const customerArg = requiredText('Customer is required', 140);
const userArg = requiredText('User is required', 200);
const reasonText = requiredText('Reason is required', 60, 'Reason must be at most 60 characters');

// ------------------------------------------------------------------------------------------- members

export const SearchMembersArgs = v.looseObject({
  /** Phone, name, e-mail, member number (customer) or a scanned member code; empty lists every member. */
  q: v.optional(v.pipe(v.string('Search must be text'), v.trim(), v.maxLength(200, 'Search is too long')), ''),
  ...pageArgs(100),
});

export const MemberRowSchema = v.object({
  customer: v.string(),
  user: v.string(),
  full_name: v.string(),
  mobile_no: v.nullable(v.string()),
  email: v.nullable(v.string()),
  member_since: v.string(),
  loyalty_points: v.number(),
  blocked: v.boolean(),
});
export type MemberRow = v.InferOutput<typeof MemberRowSchema>;

export const SearchMembersAnswer = v.object({ rows: v.array(MemberRowSchema), total: v.number() });

export const MemberSummaryArgs = v.looseObject({
  customer: customerArg,
  ledger_start: v.optional(boundedNumber(0, 1_000_000_000, 'ledger_start must be a whole number, 0 or more')),
  ledger_limit: v.optional(boundedNumber(1, 200, 'ledger_limit must be a whole number from 1 to 200')),
});

export const LedgerRowSchema = v.object({
  name: v.string(),
  entry_type: v.string(),
  source: v.string(),
  loyalty_points: v.number(),
  posting_date: v.string(),
  expiry_date: v.string(),
  invoice: v.nullable(v.string()),
  redeem_against: v.nullable(v.string()),
  reason: v.nullable(v.string()),
  note: v.nullable(v.string()),
  member_text: v.nullable(v.string()),
  staff_user: v.nullable(v.string()),
  receipt_no: v.nullable(v.string()),
  creation: v.string(),
});
export type LedgerRow = v.InferOutput<typeof LedgerRowSchema>;

const NoteSchema = v.object({ name: v.string(), status: v.string(), branch: v.nullable(v.string()), submitted_at: v.nullable(v.string()) });
const OrderRowSchema = v.object({
  name: v.string(),
  order_type: v.string(),
  posting_date: v.string(),
  status: v.string(),
  grand_total: v.number(),
  loyalty_points: v.number(),
  branch: v.nullable(v.string()),
  delivery_notes: v.array(NoteSchema),
});

export const MemberSummaryAnswer = v.object({
  customer: v.string(),
  user: v.string(),
  full_name: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  email: v.nullable(v.string()),
  mobile_no: v.nullable(v.string()),
  phone_verified: v.boolean(),
  user_image: v.nullable(v.string()),
  member_since: v.string(),
  loyalty_program: v.nullable(v.string()),
  loyalty_points: v.number(),
  points_earned: v.number(),
  tier: v.object({ tier_name: v.nullable(v.string()), next_tier_name: v.nullable(v.string()), points_to_next_tier: v.number() }),
  batches: v.array(v.object({ name: v.string(), posting_date: v.string(), expiry_date: v.string(), available: v.number() })),
  ledger: v.object({ rows: v.array(LedgerRowSchema), total: v.number(), start: v.number() }),
  /** The latest purchases and reward orders (20 of each); the Sales Invoice list pages through the rest. */
  orders: v.array(OrderRowSchema),
  reward_orders: v.array(OrderRowSchema),
  /** Member-code devices: never their secrets. */
  devices: v.array(
    v.object({ device_id: v.string(), member_no: v.number(), created_at: v.string(), revoked_at: v.nullable(v.string()), last_used_step: v.nullable(v.number()) }),
  ),
  blocked: v.object({ blocked: v.boolean(), reason: v.nullable(v.string()), at: v.nullable(v.string()), by: v.nullable(v.string()) }),
  /**
   * Set for a Branch Manager looking at a member never active at their branch (earned, redeemed or collected
   * there): the answer then holds at most the name, the tier and a masked phone (`08x-xxx-1234`).
   */
  limited: v.optional(v.literal(true)),
});
export type MemberSummary = v.InferOutput<typeof MemberSummaryAnswer>;

// ------------------------------------------------------------------------------------------- adjustments

export const AdjustPointsArgs = v.looseObject({
  customer: customerArg,
  points: v.pipe(
    boundedNumber(-ADJUST_LIMIT, ADJUST_LIMIT, `Points must be a whole number from -${ADJUST_LIMIT} to ${ADJUST_LIMIT}`),
    v.check((n) => n !== 0, 'Points must not be 0'),
  ),
  reason: reasonText,
  /** Internal: managers read it, the member never does. */
  note: optionalText(1000, 'Note must be at most 1000 characters'),
  /** What the member's points history shows instead of the generic line. */
  member_text: optionalText(200, 'Member text must be at most 200 characters'),
});

export const AdjustPointsAnswer = v.object({
  customer: v.string(),
  points: v.number(),
  /** The balance after the adjustment. */
  loyalty_points: v.number(),
  /** The Loyalty Point Entries written (a negative adjustment may spend several batches). */
  entries: v.array(v.string()),
});

export const ReasonsAnswer = v.object({ reasons: v.array(v.string()) });
export const UpdateReasonsArgs = v.looseObject({
  reasons: v.pipe(
    v.array(v.pipe(v.string('Each reason must be text'), v.trim(), v.minLength(1, 'A reason must not be empty'), v.maxLength(60, 'A reason must be at most 60 characters')), 'Reasons must be a list'),
    v.minLength(1, 'Keep at least one reason'),
    v.maxLength(50, 'At most 50 reasons'),
    v.check((list) => new Set(list).size === list.length, 'Each reason may appear once'),
  ),
});

// ------------------------------------------------------------------------------------------- import

/** Columns of an import file (the first line names them; order is free). A row needs phone or member. */
export const IMPORT_COLUMNS = ['phone', 'member', 'points', 'reason', 'expiry_date'] as const;

export const IMPORT_ROW_CODES = [
  'member_missing',
  'member_not_found',
  'duplicate_member',
  'invalid_points',
  'unknown_reason',
  'invalid_expiry',
  'wrong_column_count',
] as const;
export type ImportRowCode = (typeof IMPORT_ROW_CODES)[number];

export const ImportPointsArgs = v.looseObject({
  csv: v.pipe(
    v.string('Attach the CSV file'),
    v.minLength(1, 'Attach the CSV file'),
    v.maxLength(IMPORT_MAX_CHARS, `The file is too large: at most ${IMPORT_MAX_CHARS} characters`),
  ),
  /** On by default: a dry run checks every row and writes nothing. */
  dry_run: v.optional(yesNo('dry_run must be 0 or 1'), true),
});

export const ImportRowErrorSchema = v.object({
  /** The line of the file (the header is line 1). */
  line: v.number(),
  column: v.nullable(v.string()),
  code: v.picklist(IMPORT_ROW_CODES),
  message: v.string(),
});
export type ImportRowError = v.InferOutput<typeof ImportRowErrorSchema>;

export const ImportPointsAnswer = v.object({
  dry_run: v.boolean(),
  /** SHA-256 of the file's content: a file commits once. */
  file_hash: v.string(),
  rows: v.number(),
  valid_rows: v.number(),
  total_points: v.number(),
  errors: v.array(ImportRowErrorSchema),
  committed: v.boolean(),
  /** This very file was committed before: nothing was written this time. */
  already_imported: v.boolean(),
});
export type ImportPointsResult = v.InferOutput<typeof ImportPointsAnswer>;

// ------------------------------------------------------------------------------------------- blocking

export const SetMemberBlockedArgs = v.pipe(
  v.looseObject({
    customer: customerArg,
    blocked: yesNo('blocked must be 0 or 1'),
    reason: optionalText(500, 'Reason must be at most 500 characters'),
  }),
  v.check((a) => !a.blocked || Boolean(a.reason), 'Reason is required'),
);

export const SetMemberBlockedAnswer = v.object({
  customer: v.string(),
  blocked: v.boolean(),
  reason: v.nullable(v.string()),
  at: v.nullable(v.string()),
  by: v.nullable(v.string()),
});

// ------------------------------------------------------------------------------------------- exports

export const EXPORT_KINDS = ['members', 'ledger', 'orders', 'audit'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The header line of each export (the answer is text/csv, UTF-8 with a byte-order mark). */
export const EXPORT_COLUMNS = {
  members: ['customer', 'full_name', 'mobile_no', 'email', 'member_since', 'loyalty_points', 'blocked'],
  ledger: ['name', 'customer', 'entry_type', 'source', 'loyalty_points', 'posting_date', 'expiry_date', 'invoice', 'reason', 'note', 'member_text', 'staff_user', 'receipt_no', 'creation'],
  orders: ['name', 'customer', 'order_type', 'posting_date', 'status', 'grand_total', 'loyalty_points', 'payment_method', 'delivery_method', 'branch', 'creation'],
  audit: ['name', 'creation', 'user', 'role', 'branch', 'action', 'ref_doctype', 'ref_name', 'before', 'after', 'ip'],
} as const satisfies Record<ExportKind, readonly string[]>;

const filterText = (label: string) => optionalText(140, `${label} must be at most 140 characters`);

/** Filters apply to the kinds that have the field: from/to on the day (posting, creation), the rest as equality. */
export const ExportArgs = v.pipe(
  v.looseObject({
    kind: v.picklist(EXPORT_KINDS, `kind must be one of ${EXPORT_KINDS.join(', ')}`),
    from_date: v.optional(isoDay('from_date must be a date (YYYY-MM-DD)')),
    to_date: v.optional(isoDay('to_date must be a date (YYYY-MM-DD)')),
    customer: filterText('customer'),
    branch: filterText('branch'),
    entry_type: v.optional(v.picklist(ENTRY_TYPES, `entry_type must be one of ${ENTRY_TYPES.join(', ')}`)),
    order_type: v.optional(v.picklist(['redemption', 'purchase'], 'order_type must be redemption or purchase')),
    status: filterText('status'),
    user: filterText('user'),
    action: filterText('action'),
    ref_doctype: filterText('ref_doctype'),
    blocked: v.optional(yesNo('blocked must be 0 or 1')),
  }),
  v.check((a) => !a.from_date || !a.to_date || a.from_date <= a.to_date, 'from_date must not be after to_date'),
);
export type ExportFilters = v.InferOutput<typeof ExportArgs>;

// ------------------------------------------------------------------------------------------- staff

const staffRole = v.picklist(STAFF_ROLES, `role must be one of ${STAFF_ROLES.join(', ')}`);
const awardCap = v.nullable(boundedNumber(0, 1_000_000, 'Daily award cap must be a whole number from 0 to 1000000'));

export const ListStaffArgs = v.looseObject({
  /** A Branch Manager always gets their own branch, whatever is sent. */
  branch: filterText('branch'),
  q: v.optional(v.pipe(v.string('Search must be text'), v.trim(), v.maxLength(200, 'Search is too long')), ''),
  include_disabled: v.optional(yesNo('include_disabled must be 0 or 1'), true),
  ...pageArgs(200),
});

export const StaffRowSchema = v.object({
  name: v.string(),
  email: v.nullable(v.string()),
  full_name: v.string(),
  role: staffRole,
  branch: v.nullable(v.string()),
  enabled: v.boolean(),
  daily_award_cap: v.nullable(v.number()),
  creation: v.string(),
});
export type StaffRow = v.InferOutput<typeof StaffRowSchema>;

export const ListStaffAnswer = v.object({ rows: v.array(StaffRowSchema), total: v.number() });

export const CreateStaffArgs = v.looseObject({
  email: v.pipe(requiredText('Email is required', 200, 'Email is invalid'), v.toLowerCase(), v.email('Email is invalid')),
  full_name: requiredText('Full name is required', 140, 'Full name is too long'),
  branch: requiredText('Branch is required', 140),
  role: v.optional(staffRole, 'Store Staff'),
  daily_award_cap: v.optional(awardCap),
});

/** The new account: no password yet; a reset link is mailed so the person sets their own. */
export const CreateStaffAnswer = v.object({ ...StaffRowSchema.entries, reset_sent: v.boolean() });

export const UpdateStaffArgs = v.looseObject({
  user: userArg,
  full_name: v.optional(requiredText('Full name is required', 140, 'Full name is too long')),
  enabled: v.optional(yesNo('enabled must be 0 or 1')),
  /** Moving to another branch: Loyalty Managers and System Managers only. */
  branch: v.optional(requiredText('Branch is required', 140)),
  /** null clears the account's own cap. */
  daily_award_cap: v.optional(awardCap),
});

export const StaffUserArgs = v.looseObject({ user: userArg });
export const PasswordResetSentAnswer = v.object({ user: v.string(), sent: v.literal(true) });

// ------------------------------------------------------------------------------------------- audit log

export { AUDIT_ACTIONS, AUDIT_DOCTYPES, AUDIT_ROLES, type AuditAction, type AuditDoctype, type AuditRole } from './audit-vocabulary';

/** An Audit Log row as /api/resource/Audit Log answers it (read-only for everyone). */
export const AuditLogSchema = v.looseObject({
  name: v.string(),
  seq: v.optional(v.number()),
  user: v.optional(v.string()),
  role: v.optional(v.string()),
  branch: v.optional(v.nullable(v.string()), null),
  action: v.optional(v.string()),
  ref_doctype: v.optional(v.string()),
  ref_name: v.optional(v.string()),
  before: v.optional(v.record(v.string(), v.unknown())),
  after: v.optional(v.record(v.string(), v.unknown())),
  ip: v.optional(v.nullable(v.string()), null),
  creation: v.optional(v.string()),
});
export type AuditLogEntry = v.InferOutput<typeof AuditLogSchema>;
export const AUDIT_LOG_FIELDS = ['name', 'seq', 'user', 'role', 'branch', 'action', 'ref_doctype', 'ref_name', 'before', 'after', 'ip', 'creation'] as const;


// ------------------------------------------------------------------------------------------- contracts

const M = ADMIN_METHODS;

/**
 * By phone (any part, any format), name, e-mail, member number (customer), or a live scanned member code (that member
 * only). `limit` is at most 100.
 */
export const SEARCH_MEMBERS = methodContract(M.searchMembers, SearchMembersArgs, SearchMembersAnswer);

/**
 * Profile, balance, open batches with their expiry, tier and progress, a ledger page with reasons, internal notes and
 * member texts, the latest 20 orders and 20 reward orders with their delivery notes, member-code devices (never their
 * secrets), the blocked state; 404 `member_not_found`. `ledger_limit` is at most 200.
 */
export const MEMBER_SUMMARY = methodContract(M.memberSummary, MemberSummaryArgs, MemberSummaryAnswer);

/**
 * Needs an `Idempotency-Key` (417 `idempotency_key_required`): a retry adds nothing. The reason must be one of the
 * configured list (`unknown_reason`). A Loyalty Point Entry of type `adjust`: a positive one is a batch with the
 * programme's expiry, a negative one spends batches soonest expiry first and is refused when the balance would go below
 * zero (`negative_balance`). Audited with the balance before and after.
 */
export const ADJUST_POINTS = methodContract(M.adjustPoints, AdjustPointsArgs, AdjustPointsAnswer);

/**
 * Opening balances: a CSV whose first line names its columns (`points` and `phone` or `member`; optional `reason`,
 * `expiry_date`), UTF-8 with or without BOM, at most 10,000 rows. A dry run (the default) answers the rows, the valid
 * ones, the points, the errors (`{line, column, code, message}`), the file's hash and whether it was imported already,
 * and writes nothing. `dry_run=0` writes every row or none (417 `import_has_errors` with the `errors`), one `adjust`
 * entry per member (source `import`, the row's expiry or the programme's), once per file content: the same file again
 * answers `already_imported` and changes nothing, also when sent twice at once. Audited.
 */
export const IMPORT_POINTS = methodContract(M.importPoints, ImportPointsArgs, ImportPointsAnswer);

/**
 * Blocking (a reason is required) disables the member's account and revokes their sessions, API keys and member codes
 * in one transaction: they cannot sign in (LINE or password), redeem or be awarded points; unblocking lets them sign in
 * again. Audited.
 */
export const SET_MEMBER_BLOCKED = methodContract(M.setMemberBlocked, SetMemberBlockedArgs, SetMemberBlockedAnswer);

/**
 * The reasons an adjustment may give (by default `goodwill, correction, missing_purchase, promotion, opening_balance`).
 */
export const GET_ADJUSTMENT_REASONS = methodContract(M.getAdjustmentReasons, noArgs, ReasonsAnswer);

/** Replaces the reasons list: 1 to 50 distinct texts. Audited. */
export const UPDATE_ADJUSTMENT_REASONS = methodContract(M.updateAdjustmentReasons, UpdateReasonsArgs, ReasonsAnswer);

/**
 * Store Staff and Branch Managers: a Loyalty Manager sees every branch's, a Branch Manager their own branch's, whatever
 * `branch` says. `limit` is at most 200.
 */
export const LIST_STAFF = methodContract(M.listStaff, ListStaffArgs, ListStaffAnswer);

/**
 * A Loyalty Manager creates any staff account; a Branch Manager Store Staff of their own branch. The account has no
 * password anyone knows: a link to set one is mailed at once with the password-reset machinery (`reset_sent`). 409
 * `email_in_use` when the address is another account's name or verified e-mail (any case); `not_your_branch`,
 * `role_not_allowed`, `branch_not_found`, `branch_disabled`. Audited.
 */
export const CREATE_STAFF = methodContract(M.createStaff, CreateStaffArgs, CreateStaffAnswer);

/**
 * A Loyalty Manager changes any staff account; a Branch Manager their branch's Store Staff, without moving them
 * (`not_your_branch`). Disabling ends the account's sessions and revokes its API keys at once; `daily_award_cap` (null
 * clears it) limits the points the account awards in a day; nobody changes their own account (`cannot_change_self`);
 * others' accounts are 404 `staff_not_found`. Audited.
 */
export const UPDATE_STAFF = methodContract(M.updateStaff, UpdateStaffArgs, StaffRowSchema);

/**
 * A Loyalty Manager for any staff account, a Branch Manager for their branch's Store Staff: mails a fresh link (the
 * older one stops working), 3 an hour per account; 417 `mail_unavailable` when no mail can leave. Audited.
 */
export const SEND_STAFF_PASSWORD_RESET = methodContract(M.sendStaffPasswordReset, StaffUserArgs, PasswordResetSentAnswer);

/**
 * `kind` is `members`, `ledger`, `orders` or `audit`; the other arguments filter its rows.
 *
 * A download, not an answer (the app links to it): `text/csv; charset=utf-8` with a byte-order mark (Thai opens in
 * Excel) and `content-disposition: attachment`; the header line is `EXPORT_COLUMNS[kind]`. Rows are read 1,000 at a
 * time from a keyset cursor and streamed as the client reads, so no export holds more than a page; text a spreadsheet
 * would run as a formula is prefixed with `'`. The export itself is audited.
 */
export const EXPORT_DATA = rawMethodContract(M.export, ExportArgs);

/**
 * Audit Log over /api/resource: Loyalty and System Managers read every row, a Branch Manager the rows of their branch.
 * Who, in which role, for which branch, did what to which document, with only the changed fields before and after;
 * written in the same transaction as the change (Item, Branch, Blog, documents, settings, payments, adjustments,
 * imports, blocks, exports, staff accounts, staff awards and confirmations, rule changes, cancellations, refunds; and
 * the jobs' expiries and cancellations as user `Administrator`, role `Job`). Nothing can create, edit or delete it (no
 * verb is declared, and the table refuses).
 */
export const AUDIT_LOG = doctypeContract('Audit Log', AuditLogSchema, AUDIT_LOG_FIELDS);
