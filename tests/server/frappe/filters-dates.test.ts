import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerModule } from '../../../server/frappe/module';
import { blogPosts } from '../../../server/db/schema/content';
import { addDays } from '../../../server/modules/loyalty/ledger';
import { today } from '../../../contracts/business-day';
import { createTestServer, serverMessage, Session, type TestServer } from '../../support/server';

/**
 * Frappe's date operators (timespan, previous, next), `is set` / `is not set` and the dict forms of filters and
 * or_filters, on a doctype of our own with a Date field (published_on), a Datetime field (creation) and an
 * optional text field (meta_image). Rows sit on the edges of each calendar period counted from today's business
 * day, so an off-by-one day, a rolling window instead of a calendar period, or UTC instead of Thai time shows.
 * Frappe (frappe/utils/data.py get_timespan_date_range, get_date_range) uses calendar periods: 'this month'
 * is the whole month, 'last week' the previous calendar week, 'last 6 months' the two previous quarters.
 */
const datedModule: ServerModule = {
  name: 'test-dated',
  doctypes: [
    {
      doctype: 'Test Dated Post',
      table: blogPosts,
      fields: ['name', 'title', 'meta_image', 'published_on', 'creation'],
      read: { allow: ['Guest'] },
      defaultOrder: 'published_on asc',
    },
  ],
};

const T = today();
const ymd = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
const [Y, M] = [Number(T.slice(0, 4)), Number(T.slice(5, 7)) - 1];
/** First and last day of the month `k` months from this one (day 0 of the next month is the last day). */
const monthStart = (k: number) => ymd(Y, M + k, 1);
const monthEnd = (k: number) => ymd(Y, M + k + 1, 0);
const Q = Math.floor(M / 3) * 3;
const quarterStart = (k: number) => ymd(Y, Q + 3 * k, 1);
const quarterEnd = (k: number) => ymd(Y, Q + 3 * k + 3, 0);
const yearStart = (k: number) => ymd(Y + k, 0, 1);
const yearEnd = (k: number) => ymd(Y + k, 11, 31);

/** For each timespan: days that must be in it and neighbouring days that must not. */
const SPANS: Record<string, { inside: string[]; outside: string[] }> = {
  today: { inside: [T], outside: [addDays(T, -1), addDays(T, 1)] },
  yesterday: { inside: [addDays(T, -1)], outside: [T, addDays(T, -2)] },
  tomorrow: { inside: [addDays(T, 1)], outside: [T, addDays(T, 2)] },
  // Whatever day the week starts on, today - 7 is in the previous calendar week and today - 14 is not.
  'this week': { inside: [T], outside: [addDays(T, -7), addDays(T, 7)] },
  'last week': { inside: [addDays(T, -7)], outside: [T, addDays(T, -14)] },
  'next week': { inside: [addDays(T, 7)], outside: [T, addDays(T, 14)] },
  'this month': { inside: [monthStart(0), T, monthEnd(0)], outside: [monthEnd(-1), monthStart(1)] },
  'last month': { inside: [monthStart(-1), monthEnd(-1)], outside: [monthEnd(-2), monthStart(0)] },
  'next month': { inside: [monthStart(1), monthEnd(1)], outside: [monthEnd(0), monthStart(2)] },
  'this quarter': { inside: [quarterStart(0), T, quarterEnd(0)], outside: [quarterEnd(-1), quarterStart(1)] },
  'last quarter': { inside: [quarterStart(-1), quarterEnd(-1)], outside: [quarterEnd(-2), quarterStart(0)] },
  'next quarter': { inside: [quarterStart(1), quarterEnd(1)], outside: [quarterEnd(0), quarterStart(2)] },
  'last 6 months': { inside: [quarterStart(-2), quarterEnd(-1)], outside: [quarterEnd(-3), quarterStart(0)] },
  'next 6 months': { inside: [quarterStart(1), quarterEnd(2)], outside: [quarterEnd(0), quarterStart(3)] },
  'this year': { inside: [yearStart(0), T, yearEnd(0)], outside: [yearEnd(-1), yearStart(1)] },
  'last year': { inside: [yearStart(-1), yearEnd(-1)], outside: [yearEnd(-2), yearStart(0)] },
  'next year': { inside: [yearStart(1), yearEnd(1)], outside: [yearEnd(0), yearStart(2)] },
};

let server: TestServer;
let guest: Session;

const list = async (query: Record<string, unknown>) => {
  const res = await guest.request({
    method: 'GET',
    url: '/api/resource/Test Dated Post',
    query: Object.fromEntries(Object.entries({ limit: 0, ...query }).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])),
  });
  return res;
};
const names = async (query: Record<string, unknown>) => {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { name: string }[]).map((r) => r.name).sort();
};
const day = (date: string) => `D-${date}`;

beforeAll(async () => {
  server = await createTestServer({}, [datedModule]);
  guest = new Session(server.app);
  const dates = [...new Set(Object.values(SPANS).flatMap((s) => [...s.inside, ...s.outside]))];
  await server.database.db.insert(blogPosts).values(dates.map((d) => ({ name: day(d), title: d, published_on: d, creation: '2001-01-01 00:00:00' })));
  await server.database.db.insert(blogPosts).values([
    // Datetime rows: written as the wall-clock time Frappe would store, late on the edge days.
    { name: 'C-today-noon', title: 'created today', creation: `${T} 12:00:00`, meta_image: '/files/a.png' },
    { name: 'C-today-late', title: 'created late today', creation: `${T} 23:59:30`, meta_image: '' },
    { name: 'C-yesterday-late', title: 'created yesterday', creation: `${addDays(T, -1)} 23:30:00` },
    { name: 'C-tomorrow-early', title: 'created tomorrow', creation: `${addDays(T, 1)} 00:00:01` },
  ]);
}, 60_000);
afterAll(() => server.close());

describe('timespan on a Date field', () => {
  it.each(Object.entries(SPANS))('%s: the whole calendar period, nothing beside it', async (span, { inside, outside }) => {
    const found = await names({ filters: [['published_on', 'timespan', span]], fields: ['name'] });
    for (const d of inside) expect(found, `${span} should hold ${d}`).toContain(day(d));
    for (const d of outside) expect(found, `${span} should not hold ${d}`).not.toContain(day(d));
  });

  it.each(['last fortnight', 'constructor', ''])('refuses a time span Frappe does not know (%j) with a 417', async (span) => {
    const res = await list({ filters: [['published_on', 'timespan', span]] });
    expect(res.statusCode).toBe(417);
    expect(res.json().exc_type).toBe('ValidationError');
  });
});

describe('previous and next on a Date field', () => {
  // Frappe's get_date_range: previous/next "1 week" = last/next week, "3 months" = quarter, "6 months", "1 year".
  it.each([
    ['previous', '1 week', 'last week'],
    ['previous', '1 month', 'last month'],
    ['previous', '3 months', 'last quarter'],
    ['previous', '6 months', 'last 6 months'],
    ['previous', '1 year', 'last year'],
    ['next', '1 week', 'next week'],
    ['next', '1 month', 'next month'],
    ['next', '3 months', 'next quarter'],
    ['next', '6 months', 'next 6 months'],
    ['next', '1 year', 'next year'],
  ])('%s %s answers the same rows as timespan %s', async (op, value, span) => {
    const found = await names({ filters: [['published_on', op, value]] });
    const same = await names({ filters: [['published_on', 'timespan', span]] });
    expect(found).toEqual(same);
    for (const d of SPANS[span]!.inside) expect(found).toContain(day(d));
    for (const d of SPANS[span]!.outside) expect(found).not.toContain(day(d));
  });

  it.each(['2 weeks', 'week', 'constructor'])('refuses a period Frappe does not know (%j) with a 417', async (period) => {
    const res = await list({ filters: [['published_on', 'previous', period]] });
    expect(res.statusCode).toBe(417);
    expect(res.json().exc_type).toBe('ValidationError');
  });
});

describe('date operators on a Datetime field', () => {
  it("timespan 'today' holds the whole day, up to its last second", async () => {
    const found = await names({ filters: [['creation', 'timespan', 'today']] });
    expect(found).toEqual(['C-today-late', 'C-today-noon']);
  });

  it('between two days includes the whole of the last day, as Frappe does for Datetime fields', async () => {
    const found = await names({ filters: [['creation', 'between', [addDays(T, -1), T]]] });
    expect(found).toEqual(['C-today-late', 'C-today-noon', 'C-yesterday-late']);
  });
});

describe("'is' set / not set", () => {
  const withCreation = [['creation', 'timespan', 'today']] as const;

  it("'set' means a value that is neither null nor empty", async () => {
    expect(await names({ filters: [...withCreation, ['meta_image', 'is', 'set']] })).toEqual(['C-today-noon']);
  });

  it("'not set' means null or empty", async () => {
    const found = await names({ filters: [['meta_image', 'is', 'not set']] });
    expect(found).toContain('C-today-late');
    expect(found).toContain('C-yesterday-late');
    expect(found).toContain(day(T));
    expect(found).not.toContain('C-today-noon');
  });

  it('refuses any other value with a 417', async () => {
    const res = await list({ filters: [['meta_image', 'is', 'maybe']] });
    expect(res.statusCode).toBe(417);
    expect(serverMessage(res.json())).toContain("'set' or 'not set'");
  });
});

describe('dict forms', () => {
  it('filters as {field: value} and {field: [operator, value]} combine with and', async () => {
    expect(await names({ filters: { published_on: ['timespan', 'today'], title: T } })).toEqual([day(T)]);
    expect(await names({ filters: { published_on: ['timespan', 'today'], title: 'another title' } })).toEqual([]);
  });

  it('or_filters as a dict combine with or', async () => {
    const found = await names({ or_filters: { title: 'created tomorrow', published_on: ['timespan', 'yesterday'], meta_image: ['is', 'set'] } });
    expect(found).toEqual(['C-today-noon', 'C-tomorrow-early', day(addDays(T, -1))].sort());
  });

  it('filters and or_filters together: every filter, and at least one or_filter', async () => {
    const found = await names({
      filters: { creation: ['timespan', 'today'] },
      or_filters: { meta_image: ['is', 'set'], title: 'created tomorrow' },
    });
    expect(found).toEqual(['C-today-noon']);
  });

  it('get_count takes the same dict filters', async () => {
    const res = await guest.call('frappe.client.get_count', { doctype: 'Test Dated Post', filters: { creation: ['timespan', 'today'] } }, 'GET');
    expect(res.json().message).toBe(2);
  });
});
