import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createWorld, type Actor, type RoleName } from './roles';
import type { TestServer } from '../support/server';
import { rawGet } from '../support/raw-http';
import { serverForFile } from '../support/file-server';

/**
 * fast-check sends malformed, oversized, wrongly typed and hostile input to every method and resource endpoint:
 * no answer may be a 5xx, and every error must come in Frappe's shape.
 */
let server: TestServer;
let actors: Record<RoleName, Actor>;
serverForFile(createWorld, (world) => ({ server, actors } = world), 180_000);

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "' or '1'='1", "1; drop table users; --", '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '\u0000', '%00',
    '../../etc/passwd', '{{7*7}}', '${7*7}', 'null', 'undefined', 'NaN', '-1', '1e309', '0x10', ' ', '', 'สวัสดี', '🎁'.repeat(300),
    'a'.repeat(5000), '[1,2', '{"$gt":""}', 'Select One',
    // Past a bigint, and JSON whose escapes decode to control characters only once parsed.
    '100000000000000000000', '[["name","=","\\u0000"]]', '{"search":"\\u0000\\u001f"}',
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, -0, 0, true, false, null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

function argKeys(schema: unknown): string[] {
  const entries = (schema as { entries?: Record<string, unknown>; pipe?: unknown[] }).entries
    ?? ((schema as { pipe?: { entries?: Record<string, unknown> }[] }).pipe?.[0]?.entries);
  return entries ? Object.keys(entries) : [];
}

const SKIP = new Set(['logout']);
let tried = 0;

function expectClean(res: { statusCode: number; body: string; headers: Record<string, unknown> }, label: string) {
  expect(res.statusCode, `${label} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode >= 400 && String(res.headers['content-type']).includes('json')) {
    const body = JSON.parse(res.body);
    expect(body.exc_type, label).toBeTruthy();
    expect(typeof body._server_messages, label).toBe('string');
  }
}

describe('fuzzing', () => {
  it('every method answers hostile arguments without a 5xx', async () => {
    for (const [path, def] of server.app.methodRegistry) {
      if (SKIP.has(path)) continue;
      const keys = argKeys(def.args);
      const args = fc.dictionary(fc.constantFrom(...keys, 'extra', '__proto__', 'constructor'), hostileValue, { maxKeys: keys.length + 2 });
      await fc.assert(
        fc.asyncProperty(args, fc.constantFrom(...def.verbs), fc.constantFrom<RoleName>('memberA', 'admin', 'staffA', 'guest', 'loyaltyManager', 'branchManagerA'), async (a, verb, role) => {
          tried += 1;
          const res = await actors[role].session.call(path, a as Record<string, unknown>, verb);
          expectClean(res, `${role} ${verb} ${path} ${JSON.stringify(a).slice(0, 200)}`);
        }),
        { numRuns: 25 },
      );
    }
  }, 600_000);

  it('every resource endpoint answers hostile queries and bodies without a 5xx', async () => {
    const params = fc.record(
      {
        fields: hostileValue, filters: hostileValue, or_filters: hostileValue, order_by: hostileValue,
        limit: hostileValue, limit_start: hostileValue, limit_page_length: hostileValue, as_dict: hostileValue,
      },
      { requiredKeys: [] },
    );
    for (const doctype of server.app.doctypeRegistry.keys()) {
      const url = `/api/resource/${encodeURIComponent(doctype)}`;
      await fc.assert(
        fc.asyncProperty(params, hostileValue, hostileString, fc.constantFrom<RoleName>('memberA', 'admin', 'loyaltyManager'), async (query, body, name, role) => {
          tried += 4;
          const s = actors[role].session;
          const qs = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
          const doc = `${url}/${encodeURIComponent(name || 'x')}`;
          for (const res of [
            await s.request({ method: 'GET', url, query: qs }),
            await s.request({ method: 'GET', url: doc }),
            await s.request({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
            await s.request({ method: 'PUT', url: doc, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
          ]) expectClean(res, `${role} ${doctype} ${JSON.stringify(qs).slice(0, 200)} ${JSON.stringify(body).slice(0, 100)}`);
        }),
        { numRuns: 25 },
      );
    }
  }, 600_000);

  /**
   * Filters built from each doctype's declared fields and Frappe's operators, so they pass the field checks and
   * reach the conversion of values: wrong types for the column, lists too long for one statement, escaped control
   * characters (JSON.stringify writes them as \u0000 escapes), offsets past a bigint.
   */
  it('every resource list and count answers typed-hostile filters without a 5xx', async () => {
    const sizes = [0, 1, 999, 2500, 70_000];
    const filterValue: fc.Arbitrary<unknown> = fc.oneof(
      hostileValue,
      fc.constantFrom('abc', 'soon', 'yesterday', '2026-02-30', '0000-01-01', '9999-99-99', '2026-01-01 25:61:00', '1.5', '1e400', 'true', 'set', 'this week'),
      fc.constantFrom(1e20, -1e20, 2 ** 31, 1.5, -0.5, 1e308),
      fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), maxLength: 6 }),
      fc.constantFrom(...sizes).map((n) => Array.from({ length: n }, (_, i) => (i % 3 === 0 ? i : `v${i}\u0000`.slice(0, 3 + (i % 4))))),
    );
    const operator = fc.constantFrom('=', '!=', '>', '<', '>=', '<=', 'like', 'not like', 'in', 'not in', 'is', 'between', 'timespan', 'previous', 'next', 'regexp');
    const offset = fc.constantFrom('100000000000000000000', '1e20', '9007199254740993', '-1', '1000001', '0', '2.5', 'NaN');
    for (const [doctype, dt] of server.app.doctypeRegistry) {
      const field = fc.constantFrom(...dt.fieldNames);
      const entry = fc.oneof(fc.tuple(field, operator, filterValue), fc.tuple(field, filterValue), fc.tuple(fc.constant(doctype), field, operator, filterValue));
      const filters = fc.oneof(
        fc.array(entry, { minLength: 1, maxLength: 4 }),
        fc.dictionary(field, fc.oneof(filterValue, fc.tuple(operator, filterValue)), { minKeys: 1, maxKeys: 3 }),
      );
      await fc.assert(
        fc.asyncProperty(filters, fc.option(filters), offset, fc.constantFrom<RoleName>('guest', 'memberA', 'staffA', 'admin'), async (f, orFilters, start, role) => {
          tried += 2;
          const s = actors[role].session;
          const count = await s.call('frappe.client.get_count', { doctype, filters: f });
          expectClean(count, `${role} get_count ${doctype} ${JSON.stringify(f).slice(0, 200)}`);
          const body = { filters: JSON.stringify(f), or_filters: orFilters === null ? undefined : JSON.stringify(orFilters), limit_start: start };
          // A query string that long would pass Node's header limit: long lists go through get_count's body only.
          if (body.filters.length + (body.or_filters?.length ?? 0) > 12_000) return;
          const list = await s.request({ method: 'GET', url: `/api/resource/${encodeURIComponent(doctype)}`, query: JSON.parse(JSON.stringify(body)) });
          expectClean(list, `${role} list ${doctype} ${JSON.stringify(body).slice(0, 200)}`);
        }),
        { numRuns: 30 },
      );
    }
  }, 600_000);

  it('paths with dot segments, stray escapes and encoded separators never reach a 5xx', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const prefix = fc.constantFrom('/files/', '/private/files/', '/api/resource/', '/api/resource/Item/', '/api/method/', '/', '/assets/', '/socket.io/');
    const segment = fc.constantFrom('.', '..', '%2e', '%2e%2e', '%25', 'Item%25', '%00', '%', '%E0%A4%A', '..%2f..%2fetc%2fpasswd', '%2F', '.%00.', '%C0%AE%C0%AE', '');
    await fc.assert(
      fc.asyncProperty(prefix, fc.array(segment, { minLength: 1, maxLength: 3 }), async (p, segments) => {
        tried += 1;
        const path = `${p}${segments.join('/')}`;
        const res = await rawGet(address, path);
        expect(res.statusCode, `GET ${path} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: 120 },
    );
    console.log(`fuzzing: ${tried} hostile inputs tried, 0 answers with a 5xx`);
  }, 600_000);
});
