import {
  and, between, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, lte, ne, not, notIlike, notInArray, or, sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { validationError } from './errors';

export const OPERATORS = [
  '=', '!=', '>', '<', '>=', '<=', 'like', 'not like', 'in', 'not in', 'is', 'between',
  'timespan', 'previous', 'next',
] as const;

type Columns = Record<string, PgColumn>;

function column(columns: Columns, field: unknown, doctype: string): PgColumn {
  if (typeof field !== 'string' || !Object.hasOwn(columns, field)) {
    throw validationError(`Field not permitted in query: ${String(field).slice(0, 80)} (doctype ${doctype})`);
  }
  return columns[field]!;
}

function scalar(value: unknown): string | number | boolean | null {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  throw validationError('Filter values must be strings, numbers or booleans');
}

function listValue(value: unknown): (string | number)[] {
  const list = typeof value === 'string' ? value.split(',').map((s) => s.trim()) : value;
  if (!Array.isArray(list) || list.length > 1000) throw validationError("The 'in' operator needs a list of values");
  return list.map((x) => {
    const s = scalar(x);
    if (s === null || typeof s === 'boolean') throw validationError("The 'in' operator needs a list of values");
    return s;
  });
}

/** Ranges for Frappe's timespan/previous/next operators, in days relative to today. */
function spanRange(op: string, value: unknown): [string, string] {
  const unit = String(value ?? '').toLowerCase().replace(/^(last|this|next)\s+/, '');
  const days: Record<string, number> = { day: 1, week: 7, month: 30, quarter: 91, '6 months': 182, year: 365 };
  const n = days[unit] ?? days[String(value).toLowerCase()] ?? 0;
  if (!n && String(value).toLowerCase() !== 'today') throw validationError(`Unsupported time span: ${String(value).slice(0, 40)}`);
  const today = new Date();
  const shift = (d: number) => new Date(today.getTime() + d * 86400000).toISOString().slice(0, 10);
  if (op === 'next') return [shift(0), shift(n)];
  return [shift(-n), shift(0)];
}

function condition(columns: Columns, doctype: string, field: unknown, op: unknown, value: unknown): SQL {
  const col = column(columns, field, doctype);
  const operator = typeof op === 'string' ? op.toLowerCase().trim() : op;
  switch (operator) {
    case '=': return value === null ? isNull(col) : eq(col, scalar(value));
    case '!=': return value === null ? isNotNull(col) : (or(ne(col, scalar(value)), isNull(col)) as SQL);
    case '>': return gt(col, scalar(value));
    case '<': return lt(col, scalar(value));
    case '>=': return gte(col, scalar(value));
    case '<=': return lte(col, scalar(value));
    case 'like': return ilike(sql`${col}::text`, String(scalar(value)));
    case 'not like': return notIlike(sql`${col}::text`, String(scalar(value)));
    case 'in': {
      const list = listValue(value);
      return list.length ? inArray(col, list) : sql`false`;
    }
    case 'not in': {
      const list = listValue(value);
      return list.length ? (or(notInArray(col, list), isNull(col)) as SQL) : sql`true`;
    }
    case 'is':
      if (value === 'set') return isNotNull(col);
      if (value === 'not set') return isNull(col);
      throw validationError("The 'is' operator takes 'set' or 'not set'");
    case 'between': {
      if (!Array.isArray(value) || value.length !== 2) throw validationError("The 'between' operator needs two values");
      return between(col, scalar(value[0]), scalar(value[1]));
    }
    case 'timespan': case 'previous': case 'next': {
      const [from, to] = spanRange(operator, value);
      return between(col, from, to);
    }
    default:
      throw validationError(`Operator must be one of ${OPERATORS.join(', ')}`);
  }
}

/** One filter entry: [field, op, value], [doctype, field, op, value] or [field, value]. */
function fromList(columns: Columns, doctype: string, entry: unknown): SQL {
  if (!Array.isArray(entry)) throw validationError('Each filter must be a list: [field, operator, value]');
  if (entry.length === 4) {
    if (entry[0] !== doctype) throw validationError(`Filters on other doctypes are not permitted: ${String(entry[0]).slice(0, 60)}`);
    return condition(columns, doctype, entry[1], entry[2], entry[3]);
  }
  if (entry.length === 3) return condition(columns, doctype, entry[0], entry[1], entry[2]);
  if (entry.length === 2) return condition(columns, doctype, entry[0], '=', entry[1]);
  throw validationError('Each filter must be a list: [field, operator, value]');
}

/** Frappe filters in list or dict form (already JSON-decoded) to one SQL condition. */
export function parseFilters(columns: Columns, doctype: string, filters: unknown, join: 'and' | 'or' = 'and'): SQL | undefined {
  if (filters === undefined || filters === null || filters === '') return undefined;
  let parts: SQL[];
  if (Array.isArray(filters)) {
    parts = filters.map((f) => fromList(columns, doctype, f));
  } else if (typeof filters === 'object') {
    parts = Object.entries(filters as Record<string, unknown>).map(([field, value]) =>
      Array.isArray(value) ? condition(columns, doctype, field, value[0], value[1]) : condition(columns, doctype, field, '=', value),
    );
  } else {
    throw validationError('Filters must be a list or an object');
  }
  if (parts.length === 0) return undefined;
  return join === 'and' ? and(...parts) : or(...parts);
}

/** "field asc, other desc" with declared fields only. */
export function parseOrderBy(columns: Columns, doctype: string, orderBy: unknown): SQL[] {
  if (orderBy === undefined || orderBy === null || orderBy === '') return [];
  if (typeof orderBy !== 'string') throw validationError('order_by must be a string');
  return orderBy.split(',').map((part) => {
    const m = /^\s*`?(?:tab[\w ]+`?\.)?`?([a-z_][a-z0-9_]*)`?(?:\s+(asc|desc))?\s*$/i.exec(part);
    if (!m) throw validationError(`Invalid order_by: ${part.slice(0, 80)}`);
    const col = column(columns, m[1], doctype);
    return m[2]?.toLowerCase() === 'desc' ? sql`${col} desc` : sql`${col} asc`;
  });
}

export { not };
