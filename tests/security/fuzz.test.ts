import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createWorld, type Actor, type RoleName } from './roles';
import type { TestServer } from '../support/server';

/**
 * fast-check sends malformed, oversized, wrongly typed and hostile input to every method and resource endpoint:
 * no answer may be a 5xx, and every error must come in Frappe's shape.
 */
let server: TestServer;
let actors: Record<RoleName, Actor>;
beforeAll(async () => {
  ({ server, actors } = await createWorld());
}, 180_000);
afterAll(() => server.close());

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "' or '1'='1", "1; drop table users; --", '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '\u0000', '%00',
    '../../etc/passwd', '{{7*7}}', '${7*7}', 'null', 'undefined', 'NaN', '-1', '1e309', '0x10', ' ', '', 'สวัสดี', '🎁'.repeat(300),
    'a'.repeat(5000), '[1,2', '{"$gt":""}', 'Select One',
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
    console.log(`fuzzing: ${tried} hostile inputs tried, 0 answers with a 5xx`);
  }, 600_000);
});
