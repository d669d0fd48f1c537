/** One changed field of an audit entry, each side as text a person reads (absent: '–'). */
export interface Change {
  field: string;
  before: string;
  after: string;
}

const show = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return '–';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};

/** The fields whose value differs between before and after, in the order they first appear. */
export function changesOf(before: Record<string, unknown> = {}, after: Record<string, unknown> = {}): Change[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .map((field) => ({ field, before: show(before[field]), after: show(after[field]) }))
    .filter((c) => c.before !== c.after);
}

/** The audit list's filters as Frappe filters: who and what as parts of the text, when as whole days. */
export function auditFilters(who: string, what: string, doctype: string | null, from: string, to: string): unknown[][] {
  const f: unknown[][] = [];
  if (who.trim()) f.push(['user', 'like', `%${who.trim()}%`]);
  if (what.trim()) f.push(['action', 'like', `%${what.trim()}%`]);
  if (doctype) f.push(['ref_doctype', '=', doctype]);
  if (from) f.push(['creation', '>=', `${from} 00:00:00`]);
  if (to) f.push(['creation', '<=', `${to} 23:59:59`]);
  return f;
}
