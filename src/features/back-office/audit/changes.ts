import { formatDay } from '@/lib/format/dates';
import { formatMoment } from '@/lib/format/moment';
import { formatNumber } from '@/lib/format/numbers';
import type { Lang, MessageKey, Translate } from '@/lib/i18n';
import { ACTION_LABELS, DOCTYPE_LABELS, FIELD_LABELS, ROLE_LABELS, VALUE_LABELS } from './labels';

/*
 * The audit log in the manager's words: actions, kinds of record and roles by name, and each before/after as the
 * fields that changed, "label: old → new", lists and nested values summarised as text (never raw JSON).
 */

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
