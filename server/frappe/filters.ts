import {
  and, between, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, lte, ne, not, notIlike, notInArray, or, sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { validationError } from './errors';
import { today as businessToday } from './business-day';

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

/** Frappe's calendar periods (frappe/utils/data.py get_timespan_date_range), around the business day. */
function timespans(today: string): Record<string, [string, string]> {
  const [y, m, d] = [Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, Number(today.slice(8, 10))];
  // Date.UTC carries overflowing months and days over, so day 0 of a month is the last day of the one before.
  const iso = (yy: number, mm: number, dd: number) => new Date(Date.UTC(yy, mm, dd)).toISOString().slice(0, 10);
  const monday = d - ((new Date(Date.UTC(y, m, d)).getUTCDay() + 6) % 7);
  const week = (k: number): [string, string] => [iso(y, m, monday + 7 * k), iso(y, m, monday + 7 * k + 6)];
  const month = (k: number): [string, string] => [iso(y, m + k, 1), iso(y, m + k + 1, 0)];
  const q = Math.floor(m / 3) * 3;
  const quarters = (k: number, n = 1): [string, string] => [iso(y, q + 3 * k, 1), iso(y, q + 3 * (k + n), 0)];
  const year = (k: number): [string, string] => [iso(y + k, 0, 1), iso(y + k, 11, 31)];
  return {
    yesterday: [iso(y, m, d - 1), iso(y, m, d - 1)],
    today: [today, today],
    tomorrow: [iso(y, m, d + 1), iso(y, m, d + 1)],
    'last week': week(-1), 'this week': week(0), 'next week': week(1),
    'last month': month(-1), 'this month': month(0), 'next month': month(1),
    'last quarter': quarters(-1), 'this quarter': quarters(0), 'next quarter': quarters(1),
    // As in Frappe: the two quarters before this one, the two after it.
    'last 6 months': quarters(-2, 2), 'next 6 months': quarters(1, 2),
    'last year': year(-1), 'this year': year(0), 'next year': year(1),
  };
}

/** previous/next take Frappe's period names (get_date_range): "previous 1 week" is "last week". */
const PERIODS: Record<string, string> = { '1 week': 'week', '1 month': 'month', '3 months': 'quarter', '6 months': '6 months', '1 year': 'year' };

function spanRange(op: string, value: unknown): [string, string] {
  const text = String(value ?? '').toLowerCase().trim();
  const period = op === 'timespan' ? text : Object.hasOwn(PERIODS, text) ? `${op === 'previous' ? 'last' : 'next'} ${PERIODS[text]}` : '';
  const spans = timespans(businessToday());
  const range = Object.hasOwn(spans, period) ? spans[period] : undefined;
  if (!range) throw validationError(`Unsupported time span: ${String(value).slice(0, 40)}`);
  return range;
}

const isTimestamp = (col: PgColumn) => col.getSQLType().startsWith('timestamp');
const isText = (col: PgColumn) => /^(text|varchar|character)/.test(col.getSQLType());
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Date bounds on a Datetime field cover whole days, as Frappe's get_between_date_filter does. */
function dayBounds(col: PgColumn, from: unknown, to: unknown): SQL {
  if (!isTimestamp(col)) return between(col, scalar(from), scalar(to));
  const start = typeof from === 'string' && DAY.test(from) ? `${from} 00:00:00` : scalar(from);
  const end = typeof to === 'string' && DAY.test(to) ? `${to} 23:59:59.999999` : scalar(to);
  return between(col, start, end);
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
      // Frappe counts an empty string as not set (ifnull(field, '') = '').
      if (value === 'set') return isText(col) ? sql`coalesce(${col}, '') <> ''` : isNotNull(col);
      if (value === 'not set') return isText(col) ? sql`coalesce(${col}, '') = ''` : isNull(col);
      throw validationError("The 'is' operator takes 'set' or 'not set'");
    case 'between': {
      if (!Array.isArray(value) || value.length !== 2) throw validationError("The 'between' operator needs two values");
      return dayBounds(col, value[0], value[1]);
    }
    case 'timespan': case 'previous': case 'next': {
      const [from, to] = spanRange(operator, value);
      return dayBounds(col, from, to);
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
