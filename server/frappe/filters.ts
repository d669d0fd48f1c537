import {
  and, arrayOverlaps, between, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, lte, ne, not, notIlike, notInArray, or, sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { validationError } from './errors';
import { today as businessToday } from '../../contracts/business-day';

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

/** What a column holds, as far as a filter value is concerned. */
type Kind = 'text' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'list' | 'json';

function kindOf(col: PgColumn): Kind {
  const type = col.getSQLType().toLowerCase();
  if (type.endsWith(']')) return 'list';
  if (type.startsWith('json')) return 'json';
  if (type.startsWith('timestamp')) return 'datetime';
  if (type === 'date') return 'date';
  if (type === 'boolean') return 'boolean';
  if (/^(smallint|integer|bigint|serial|smallserial|bigserial)/.test(type)) return 'integer';
  if (/^(numeric|decimal|real|double)/.test(type)) return 'number';
  return 'text';
}

/** PostgreSQL's integer range: a filter on an integer column outside it could never match, and would fail. */
const INT_RANGE = 2 ** 31;
const NUMBER = /^\s*-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_PART = /^(\d{4})-(\d{2})-(\d{2})/;
const DATETIME = /^\d{4}-\d{2}-\d{2}(?:[ T]([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,6})?)?(?:Z|[+-](?:[01]\d|2[0-3])(?::?[0-5]\d)?)?)?$/i;

/** A real calendar day from 0001-01-01 to 9999-12-31 (PostgreSQL has no year 0, and 2026-02-30 is no day). */
function isCalendarDay(text: string): boolean {
  const m = DAY_PART.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(2000, mo - 1, d));
  date.setUTCFullYear(y);
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * A filter value converted to what its column holds, or a 417 naming the field: a value PostgreSQL would have
 * to reject ('abc' for a price, a word for a date) never reaches the query.
 */
function typed(col: PgColumn, field: string, value: unknown): string | number | boolean {
  const v = scalar(value);
  if (v === null) throw validationError(`Filter value for ${field} must not be empty`);
  switch (kindOf(col)) {
    case 'integer': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && NUMBER.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n) || Math.abs(n) >= INT_RANGE) throw validationError(`Filter value for ${field} must be a whole number`);
      return n;
    }
    case 'number': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && NUMBER.test(v) ? Number(v) : NaN;
      if (!Number.isFinite(n)) throw validationError(`Filter value for ${field} must be a number`);
      return n;
    }
    case 'boolean': {
      if (v === true || v === 1 || v === '1' || v === 'true') return true;
      if (v === false || v === 0 || v === '0' || v === 'false') return false;
      throw validationError(`Filter value for ${field} must be 0 or 1`);
    }
    case 'date': {
      if (typeof v !== 'string' || !DAY.test(v) || !isCalendarDay(v)) throw validationError(`Filter value for ${field} must be a date (YYYY-MM-DD)`);
      return v;
    }
    case 'datetime': {
      if (typeof v !== 'string' || !DATETIME.test(v.trim()) || !isCalendarDay(v.trim())) {
        throw validationError(`Filter value for ${field} must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DD HH:MM:SS)`);
      }
      return v.trim();
    }
    default:
      return String(v);
  }
}

/** Most values one request may filter on: far below PostgreSQL's 65,535 bind parameters per statement. */
export const MAX_FILTER_VALUES = 2000;
/** Most conditions one request may hold (filters and or_filters together). */
export const MAX_FILTER_CONDITIONS = 200;

/** Counts the conditions and values of one request against the caps above. */
export class FilterBudget {
  private values = 0;
  private conditions = 0;

  takeValues(n: number) {
    this.values += n;
    if (this.values > MAX_FILTER_VALUES) throw validationError(`Too many filter values: at most ${MAX_FILTER_VALUES} in one request`);
  }

  takeCondition() {
    this.conditions += 1;
    if (this.conditions > MAX_FILTER_CONDITIONS) throw validationError(`Too many filters: at most ${MAX_FILTER_CONDITIONS} in one request`);
  }
}

function listValue(col: PgColumn, field: string, value: unknown, budget: FilterBudget): (string | number | boolean)[] {
  const list = typeof value === 'string' ? value.split(',').map((s) => s.trim()) : value;
  if (!Array.isArray(list) || list.length > MAX_FILTER_VALUES) throw validationError("The 'in' operator needs a list of values");
  budget.takeValues(list.length);
  return list.map((x) => {
    const s = scalar(x);
    if (s === null || typeof s === 'boolean') throw validationError("The 'in' operator needs a list of values");
    return typed(col, field, s);
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

const isText = (col: PgColumn) => kindOf(col) === 'text';

/** Date bounds on a Datetime field cover whole days, as Frappe's get_between_date_filter does. */
function dayBounds(col: PgColumn, field: string, from: unknown, to: unknown): SQL {
  const [start, end] = [typed(col, field, from), typed(col, field, to)];
  if (kindOf(col) !== 'datetime') return between(col, start, end);
  return between(
    col,
    typeof start === 'string' && DAY.test(start) ? `${start} 00:00:00` : start,
    typeof end === 'string' && DAY.test(end) ? `${end} 23:59:59.999999` : end,
  );
}

/**
 * A list column (tags, attributes, roles): `=` asks whether it holds the value, `in` whether it holds any of
 * them; ordering makes no sense for a list.
 */
function listCondition(col: PgColumn, field: string, operator: string, value: unknown, budget: FilterBudget): SQL {
  // One array parameter, however many values: the column's own mapper writes the array literal.
  const holds = (values: string[]) => sql`coalesce(${arrayOverlaps(col, values)}, false)`;
  switch (operator) {
    case '=': return holds([String(typed(col, field, value))]);
    case '!=': return sql`not ${holds([String(typed(col, field, value))])}`;
    case 'in': return holds(listValue(col, field, value, budget).map(String));
    case 'not in': return sql`not ${holds(listValue(col, field, value, budget).map(String))}`;
    default:
      throw validationError(`${field} is a list: filter it with =, !=, in, not in, like or is`);
  }
}

function condition(columns: Columns, doctype: string, field: unknown, op: unknown, value: unknown, budget: FilterBudget): SQL {
  const col = column(columns, field, doctype);
  const name = String(field);
  const kind = kindOf(col);
  const operator = typeof op === 'string' ? op.toLowerCase().trim() : op;
  budget.takeCondition();
  if (operator !== 'in' && operator !== 'not in') budget.takeValues(Array.isArray(value) ? value.length : 1);
  switch (operator) {
    case 'like': return ilike(sql`${col}::text`, String(scalar(value)));
    case 'not like': return notIlike(sql`${col}::text`, String(scalar(value)));
    case 'is':
      // Frappe counts an empty string as not set (ifnull(field, '') = '').
      if (value === 'set') return isText(col) ? sql`coalesce(${col}, '') <> ''` : kind === 'list' ? sql`coalesce(cardinality(${col}), 0) > 0` : isNotNull(col);
      if (value === 'not set') return isText(col) ? sql`coalesce(${col}, '') = ''` : kind === 'list' ? sql`coalesce(cardinality(${col}), 0) = 0` : isNull(col);
      throw validationError("The 'is' operator takes 'set' or 'not set'");
  }
  if (kind === 'json') throw validationError(`${name} can only be filtered with like, not like or is`);
  if (kind === 'list' && typeof operator === 'string' && (OPERATORS as readonly string[]).includes(operator)) {
    return listCondition(col, name, operator, value, budget);
  }
  switch (operator) {
    case '=': return value === null ? isNull(col) : eq(col, typed(col, name, value));
    case '!=': return value === null ? isNotNull(col) : (or(ne(col, typed(col, name, value)), isNull(col)) as SQL);
    case '>': return gt(col, typed(col, name, value));
    case '<': return lt(col, typed(col, name, value));
    case '>=': return gte(col, typed(col, name, value));
    case '<=': return lte(col, typed(col, name, value));
    case 'in': {
      const list = listValue(col, name, value, budget);
      return list.length ? inArray(col, list) : sql`false`;
    }
    case 'not in': {
      const list = listValue(col, name, value, budget);
      return list.length ? (or(notInArray(col, list), isNull(col)) as SQL) : sql`true`;
    }
    case 'between': {
      if (!Array.isArray(value) || value.length !== 2) throw validationError("The 'between' operator needs two values");
      return dayBounds(col, name, value[0], value[1]);
    }
    case 'timespan': case 'previous': case 'next': {
      if (kind !== 'date' && kind !== 'datetime') throw validationError(`The '${operator}' operator needs a date field, and ${name} is not one`);
      const [from, to] = spanRange(operator, value);
      return dayBounds(col, name, from, to);
    }
    default:
      throw validationError(`Operator must be one of ${OPERATORS.join(', ')}`);
  }
}

/** One filter entry: [field, op, value], [doctype, field, op, value] or [field, value]. */
function fromList(columns: Columns, doctype: string, entry: unknown, budget: FilterBudget): SQL {
  if (!Array.isArray(entry)) throw validationError('Each filter must be a list: [field, operator, value]');
  if (entry.length === 4) {
    if (entry[0] !== doctype) throw validationError(`Filters on other doctypes are not permitted: ${String(entry[0]).slice(0, 60)}`);
    return condition(columns, doctype, entry[1], entry[2], entry[3], budget);
  }
  if (entry.length === 3) return condition(columns, doctype, entry[0], entry[1], entry[2], budget);
  if (entry.length === 2) return condition(columns, doctype, entry[0], '=', entry[1], budget);
  throw validationError('Each filter must be a list: [field, operator, value]');
}

/**
 * Frappe filters in list or dict form (already JSON-decoded) to one SQL condition. `budget` counts the values of
 * the whole request, so filters and or_filters together stay within MAX_FILTER_VALUES.
 */
export function parseFilters(
  columns: Columns,
  doctype: string,
  filters: unknown,
  join: 'and' | 'or' = 'and',
  budget = new FilterBudget(),
): SQL | undefined {
  if (filters === undefined || filters === null || filters === '') return undefined;
  let parts: SQL[];
  if (Array.isArray(filters)) {
    if (filters.length > MAX_FILTER_CONDITIONS) throw validationError(`Too many filters: at most ${MAX_FILTER_CONDITIONS} in one request`);
    parts = filters.map((f) => fromList(columns, doctype, f, budget));
  } else if (typeof filters === 'object') {
    parts = Object.entries(filters as Record<string, unknown>).map(([field, value]) =>
      Array.isArray(value)
        ? condition(columns, doctype, field, value[0], value[1], budget)
        : condition(columns, doctype, field, '=', value, budget),
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
