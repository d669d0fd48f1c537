import { formatDay } from '@/lib/format/dates';
import { formatMoment } from '@/lib/format/moment';
import { formatNumber } from '@/lib/format/numbers';
import type { Lang, MessageKey, Translate } from '@/lib/i18n';
import type { AuditAction, AuditDoctype, AuditRole, DEFAULT_ADJUSTMENT_REASONS } from '../../../../contracts/admin';
import type { CancelReason } from '../../../../contracts/order-lifecycle';

/*
 * The audit log in the manager's words: actions, kinds of record and roles by name, and each before/after as the
 * fields that changed, "label: old → new", lists and nested values summarised as text (never raw JSON).
 */

export const ACTION_LABELS: Record<AuditAction, MessageKey> = {
  create: 'auditLog.action_create',
  update: 'auditLog.action_update',
  delete: 'auditLog.action_delete',
  block: 'auditLog.action_block',
  unblock: 'auditLog.action_unblock',
  adjust_points: 'auditLog.action_adjust_points',
  import_points: 'auditLog.action_import_points',
  award_points: 'auditLog.action_award_points',
  expire_points: 'auditLog.action_expire_points',
  confirm_reward: 'auditLog.action_confirm_reward',
  expire_reward: 'auditLog.action_expire_reward',
  confirm_payment: 'auditLog.action_confirm_payment',
  cancel_order: 'auditLog.action_cancel_order',
  refund_order: 'auditLog.action_refund_order',
  update_rules: 'auditLog.action_update_rules',
  send_password_reset: 'auditLog.action_send_password_reset',
  export: 'auditLog.action_export',
  broadcast: 'auditLog.action_broadcast',
  publish: 'auditLog.action_publish',
  erase: 'auditLog.action_erase',
  record_request: 'auditLog.action_record_request',
  send_erasure_code: 'auditLog.action_send_erasure_code',
  rotate_secret: 'auditLog.action_rotate_secret',
  revoke: 'auditLog.action_revoke',
  lookup_member: 'auditLog.action_lookup_member',
  reverse_points: 'auditLog.action_reverse_points',
  hold_points: 'auditLog.action_hold_points',
  capture_points: 'auditLog.action_capture_points',
  release_points: 'auditLog.action_release_points',
};

export const DOCTYPE_LABELS: Record<AuditDoctype, MessageKey> = {
  Item: 'auditLog.doctype_item',
  Branch: 'auditLog.doctype_branch',
  Customer: 'auditLog.doctype_customer',
  'Loyalty Point Entry': 'auditLog.doctype_pointEntry',
  'Points Import': 'auditLog.doctype_pointsImport',
  User: 'auditLog.doctype_user',
  'Sales Invoice': 'auditLog.doctype_salesInvoice',
  'Loyalty Program': 'auditLog.doctype_loyaltyProgram',
  Settings: 'auditLog.doctype_settings',
  Export: 'auditLog.doctype_export',
  Broadcast: 'auditLog.doctype_broadcast',
  'Privacy Notice': 'auditLog.doctype_privacyNotice',
  'Privacy Request': 'auditLog.doctype_privacyRequest',
  'Personal Data': 'auditLog.doctype_personalData',
  'Blog Post': 'auditLog.doctype_blogPost',
  'Blog Category': 'auditLog.doctype_blogCategory',
  'Information Document': 'auditLog.doctype_informationDocument',
  'Terms and Conditions Document': 'auditLog.doctype_termsDocument',
  'Condition of redeem items': 'auditLog.doctype_redeemConditions',
  'API Client': 'auditLog.doctype_apiClient',
  'Points Hold': 'auditLog.doctype_pointsHold',
};

export const ROLE_LABELS: Record<AuditRole, MessageKey> = {
  'System Manager': 'backOffice.role_SystemManager',
  'Loyalty Manager': 'backOffice.role_LoyaltyManager',
  'Branch Manager': 'backOffice.role_BranchManager',
  'Store Staff': 'backOffice.role_StoreStaff',
  'Blog Manager': 'backOffice.role_BlogManager',
  Member: 'backOffice.role_Member',
  Job: 'backOffice.role_Job',
  Guest: 'backOffice.role_Guest',
  'API Client': 'backOffice.role_ApiClient',
};

/** The fields the server writes in before and after, by name (tiers' and campaigns' own fields included). */
const FIELD_LABELS: Record<string, MessageKey> = {
  name: 'auditLog.field_name',
  email: 'auditLog.field_email',
  full_name: 'auditLog.field_full_name',
  role: 'auditLog.field_role',
  roles: 'auditLog.field_roles',
  branch: 'auditLog.field_branch',
  enabled: 'auditLog.field_enabled',
  daily_award_cap: 'auditLog.field_daily_award_cap',
  blocked: 'auditLog.field_blocked',
  blocked_reason: 'auditLog.field_blocked_reason',
  loyalty_points: 'auditLog.field_loyalty_points',
  points: 'auditLog.field_points',
  reason: 'auditLog.field_reason',
  note: 'auditLog.field_note',
  member_text: 'auditLog.field_member_text',
  entries: 'auditLog.field_entries',
  batches: 'auditLog.field_batches',
  rows: 'auditLog.field_rows',
  total_points: 'auditLog.field_total_points',
  reasons: 'auditLog.field_reasons',
  shipping_fee: 'auditLog.field_shipping_fee',
  checkout_discount: 'auditLog.field_checkout_discount',
  staff_award_daily_cap: 'auditLog.field_staff_award_daily_cap',
  filters: 'auditLog.field_filters',
  kind: 'auditLog.field_kind',
  from_date: 'auditLog.field_from_date',
  to_date: 'auditLog.field_to_date',
  entry_type: 'auditLog.field_entry_type',
  order_type: 'auditLog.field_order_type',
  user: 'auditLog.field_user',
  action: 'auditLog.field_action',
  ref_doctype: 'auditLog.field_ref_doctype',
  status: 'auditLog.field_status',
  points_posted: 'auditLog.field_points_posted',
  cancel_reason: 'auditLog.field_cancel_reason',
  cancel_note: 'auditLog.field_cancel_note',
  points_returned: 'auditLog.field_points_returned',
  stock_returned: 'auditLog.field_stock_returned',
  delivery_notes: 'auditLog.field_delivery_notes',
  refunded_amount: 'auditLog.field_refunded_amount',
  refund: 'auditLog.field_refund',
  amount: 'auditLog.field_amount',
  points_due: 'auditLog.field_points_due',
  points_reversed: 'auditLog.field_points_reversed',
  points_shortfall: 'auditLog.field_points_shortfall',
  customer: 'auditLog.field_customer',
  receipt_no: 'auditLog.field_receipt_no',
  multiplier: 'auditLog.field_multiplier',
  campaign: 'auditLog.field_campaign',
  rules_version: 'auditLog.field_rules_version',
  version: 'auditLog.field_version',
  effective_from: 'auditLog.field_effective_from',
  baht_per_point: 'auditLog.field_baht_per_point',
  point_value_baht: 'auditLog.field_point_value_baht',
  rounding: 'auditLog.field_rounding',
  expiry: 'auditLog.field_expiry',
  tier_window: 'auditLog.field_tier_window',
  tiers: 'auditLog.field_tiers',
  campaigns: 'auditLog.field_campaigns',
  birthday_bonus: 'auditLog.field_birthday_bonus',
  signup_bonus: 'auditLog.field_signup_bonus',
  daily_cap: 'auditLog.field_daily_cap',
  reminder_days: 'auditLog.field_reminder_days',
  reward_valid_days: 'auditLog.field_reward_valid_days',
  uncollected_points_back: 'auditLog.field_uncollected_points_back',
  purchase_due_days: 'auditLog.field_purchase_due_days',
  threshold: 'auditLog.field_threshold',
  colour: 'auditLog.field_colour',
  thumbnail: 'auditLog.field_thumbnail',
  id: 'auditLog.field_id',
  item_groups: 'auditLog.field_item_groups',
  branches: 'auditLog.field_branches',
  segment: 'auditLog.field_segment',
  members: 'auditLog.field_members',
  webpush: 'auditLog.field_webpush',
  line: 'auditLog.field_line',
  queued: 'auditLog.field_queued',
  title: 'auditLog.field_title',
  body: 'auditLog.field_body',
  url: 'auditLog.field_url',
  item_code: 'auditLog.field_item_code',
  item_name: 'auditLog.field_item_name',
  item_group: 'auditLog.field_item_group',
  website_image: 'auditLog.field_website_image',
  description: 'auditLog.field_description',
  price_list_rate: 'auditLog.field_price_list_rate',
  loyalty_points_based_price: 'auditLog.field_loyalty_points_based_price',
  item_schedule_start: 'auditLog.field_item_schedule_start',
  item_schedule_end: 'auditLog.field_item_schedule_end',
  tags: 'auditLog.field_tags',
  attributes: 'auditLog.field_attributes',
  in_stock: 'auditLog.field_in_stock',
  published: 'auditLog.field_published',
  stock_qty: 'auditLog.field_stock_qty',
  per_member_limit: 'auditLog.field_per_member_limit',
  eligible_tiers: 'auditLog.field_eligible_tiers',
  address: 'auditLog.field_address',
  opening_hours: 'auditLog.field_opening_hours',
  phone: 'auditLog.field_phone',
  disabled: 'auditLog.field_disabled',
  blog_category: 'auditLog.field_blog_category',
  blogger: 'auditLog.field_blogger',
  content: 'auditLog.field_content',
  meta_image: 'auditLog.field_meta_image',
  published_on: 'auditLog.field_published_on',
};

const CANCELLED_BY: Record<CancelReason, MessageKey> = {
  member: 'backOffice.cancelledBy_member',
  manager: 'backOffice.cancelledBy_manager',
  uncollected: 'backOffice.cancelledBy_uncollected',
  unpaid: 'backOffice.cancelledBy_unpaid',
};
const ADJUSTMENT_REASONS: Record<(typeof DEFAULT_ADJUSTMENT_REASONS)[number], MessageKey> = {
  goodwill: 'backOffice.reason_goodwill',
  correction: 'backOffice.reason_correction',
  missing_purchase: 'backOffice.reason_missing_purchase',
  promotion: 'backOffice.reason_promotion',
  opening_balance: 'backOffice.reason_opening_balance',
};

/** Coded values the log holds, by field, in words (a code without words, such as a reason added later, shows as it is). */
const VALUE_LABELS: Record<string, Record<string, MessageKey>> = {
  role: ROLE_LABELS,
  roles: ROLE_LABELS,
  // An order's status, and a collection slip's.
  status: {
    Unpaid: 'backOffice.orderState_unpaid',
    Paid: 'backOffice.orderState_paid',
    Cancelled: 'backOffice.orderState_cancelled',
    Refunded: 'backOffice.orderState_refunded',
    Draft: 'backOffice.orderNoteStatus_Draft',
    Submitted: 'backOffice.orderNoteStatus_Submitted',
  },
  cancel_reason: CANCELLED_BY,
  reason: ADJUSTMENT_REASONS,
  reasons: ADJUSTMENT_REASONS,
  rounding: { down: 'auditLog.roundDown', nearest: 'auditLog.roundNearest', up: 'auditLog.roundUp' },
  tier_window: { lifetime: 'auditLog.windowLifetime', rolling_12_months: 'auditLog.windowRolling' },
  ref_doctype: DOCTYPE_LABELS,
  action: ACTION_LABELS,
};

/** One changed field of an audit entry: its label, and each side as text a person reads (absent: '–'). */
export interface Change {
  field: string;
  label: string;
  before: string;
  after: string;
}

type Plain = Record<string, unknown>;
const NONE = '–';
/** Lists longer than this show their first items and how many more. */
const LIST_SHOWN = 5;
/** Text longer than this is cut (a description or a blog post is not read in the log). */
const TEXT_SHOWN = 160;

const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
/** What names one element of a list of records (a tier, a campaign, a collection slip). */
const identityOf = (v: Plain) => ['name', 'id', 'item_code', 'title'].find((k) => typeof v[k] === 'string' || typeof v[k] === 'number');

export function labelOf(field: string, t: Translate): string {
  const key = FIELD_LABELS[field];
  return key ? t(key) : field.replace(/_/g, ' ');
}

const labelIn = <K extends string>(labels: Partial<Record<K, MessageKey>>, value: string, t: Translate) => {
  const key = (labels as Record<string, MessageKey | undefined>)[value];
  return key ? t(key) : value;
};
export const actionLabel = (action: string | undefined, t: Translate) => (action ? labelIn(ACTION_LABELS, action, t) : NONE);
export const doctypeLabel = (doctype: string | undefined, t: Translate) => (doctype ? labelIn(DOCTYPE_LABELS, doctype, t) : NONE);
export const roleLabel = (role: string | undefined, t: Translate) => (role ? labelIn(ROLE_LABELS, role, t) : NONE);

function textOf(value: string, field: string, t: Translate, lang: Lang): string {
  const coded = VALUE_LABELS[field];
  if (coded) return labelIn(coded, value, t);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDay(value, lang);
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value)) return formatMoment(value, lang);
  // Rich text (a description, a blog post) as the words it holds.
  const words = /<[a-z][^>]*>/i.test(value) ? value.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() : value;
  return words.length > TEXT_SHOWN ? `${words.slice(0, TEXT_SHOWN).trimEnd()}…` : words;
}

/** A value as one line of text: numbers and days in the manager's language, yes/no, lists and records summarised. */
export function describe(value: unknown, field: string, t: Translate, lang: Lang): string {
  if (isEmpty(value)) return NONE;
  if (typeof value === 'boolean') return t(value ? 'auditLog.yes' : 'auditLog.no');
  if (typeof value === 'number') return formatNumber(value, lang);
  if (typeof value === 'string') return textOf(value, field, t, lang);
  if (Array.isArray(value)) {
    const shown = value.slice(0, value.length > LIST_SHOWN + 1 ? LIST_SHOWN : value.length).map((v) => (isPlain(v) ? nameOf(v, field, t, lang) : describe(v, field, t, lang)));
    const rest = value.length - shown.length;
    return rest > 0 ? `${shown.join(', ')} ${t('auditLog.more', { count: formatNumber(rest, lang) })}` : shown.join(', ');
  }
  if (isPlain(value)) return recordOf(value, field, t, lang);
  return String(value);
}

/** One record of a list by what names it ("Gold"; a collection slip with its status). */
function nameOf(v: Plain, field: string, t: Translate, lang: Lang): string {
  const id = identityOf(v);
  if (!id) return recordOf(v, field, t, lang);
  const status = typeof v.status === 'string' ? ` (${describe(v.status, 'status', t, lang)})` : '';
  return `${describe(v[id], id, t, lang)}${status}`;
}

/** A record as "label value · label value"; the points expiry policy as its sentence. */
function recordOf(v: Plain, field: string, t: Translate, lang: Lang): string {
  if (field === 'expiry' && v.policy === 'days') return t('auditLog.expiryDays', { days: formatNumber(Number(v.days), lang) });
  if (field === 'expiry' && v.policy === 'end_of_month') return t('auditLog.expiryEndOfMonth', { months: formatNumber(Number(v.months), lang) });
  const parts = Object.entries(v)
    .filter(([, x]) => !isEmpty(x))
    .map(([k, x]) => `${labelOf(k, t)} ${describe(x, k, t, lang)}`);
  return parts.length ? parts.join(' · ') : NONE;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function diff(path: string[], field: string, before: unknown, after: unknown, t: Translate, lang: Lang, out: Change[]) {
  if (same(before, after)) return;
  const label = [...path, labelOf(field, t)].join(' › ');
  // Two versions of one record (the expiry policy aside, said as one sentence): the fields that changed in it.
  if (isPlain(before) && isPlain(after) && field !== 'expiry') {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) diff([...path, labelOf(field, t)], key, before[key], after[key], t, lang, out);
    return;
  }
  // Two versions of a list of named records (tiers, campaigns): each one added, removed or changed, by its name.
  if (Array.isArray(before) && Array.isArray(after) && [...before, ...after].every((v) => isPlain(v) && identityOf(v))) {
    const key = (v: Plain) => String(v[identityOf(v)!]);
    const was = new Map((before as Plain[]).map((v) => [key(v), v]));
    const now = new Map((after as Plain[]).map((v) => [key(v), v]));
    for (const name of new Set([...was.keys(), ...now.keys()])) {
      const a = was.get(name);
      const b = now.get(name);
      if (a && b) {
        for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) diff([...path, labelOf(field, t), name], k, a[k], b[k], t, lang, out);
      } else {
        out.push({ field, label, before: a ? recordOf(a, field, t, lang) : NONE, after: b ? recordOf(b, field, t, lang) : NONE });
      }
    }
    return;
  }
  out.push({ field, label, before: describe(before, field, t, lang), after: describe(after, field, t, lang) });
}

/** The fields whose value differs between before and after, in the order they first appear, in words. */
export function changesOf(before: Plain = {}, after: Plain = {}, t: Translate, lang: Lang): Change[] {
  const out: Change[] = [];
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) diff([], field, before[field], after[field], t, lang, out);
  return out.filter((c) => c.before !== c.after);
}

/** The audit list's filters as Frappe filters: who as part of the address, what and the kind of record exactly, when as whole days. */
export function auditFilters(who: string, what: string | null, doctype: string | null, from: string, to: string): unknown[][] {
  const f: unknown[][] = [];
  if (who.trim()) f.push(['user', 'like', `%${who.trim()}%`]);
  if (what) f.push(['action', '=', what]);
  if (doctype) f.push(['ref_doctype', '=', doctype]);
  if (from) f.push(['creation', '>=', `${from} 00:00:00`]);
  if (to) f.push(['creation', '<=', `${to} 23:59:59`]);
  return f;
}
