import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestServer, type TestServer } from '../support/server';
import { LOYALTY_METHODS } from '../../contracts/loyalty';
import { today } from '../../contracts/business-day';
import { loyaltyPrograms } from '../../server/db/schema/loyalty';

/**
 * A page deep in a long points history is read along an index from its cursor, as the first page is: the plan of
 * the points screen's statement scans no ledger table sequentially, and the page's rows come from an index scan
 * whose condition holds the cursor (not a filter over every newer row, which is what OFFSET would cost).
 * On PGlite by default, on PostgreSQL with TEST_DATABASE_URL.
 */

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Scan Direction'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

type Query = (text: unknown, params?: unknown[], config?: unknown) => Promise<unknown>;

let server: TestServer;
const MEMBERS = 400;
const ROWS_EACH = 60;

beforeAll(async () => {
  server = await createTestServer();
  const db = server.database.db;
  await db.insert(loyaltyPrograms).values({ name: 'Member Rewards', collection_factor: 25, conversion_factor: 1, expiry_duration: 365 });
  // 24,000 rows of other members over two years, a few written in the same instant on the same day.
  await db.execute(sql`insert into loyalty_point_entries (name, customer, loyalty_program, loyalty_points, posting_date, expiry_date, entry_type, source)
    select 'LPE-P' || g, 'CUST-P' || (g % ${MEMBERS}), 'Member Rewards', 1 + g % 40, ${today()}::date - (g % 730), ${today()}::date - (g % 730) + 365, 'earn', 'purchase'
    from generate_series(1, ${MEMBERS * ROWS_EACH}) g`);
}, 180_000);
afterAll(() => server?.close());

describe('the points history read at scale', () => {
  it('a later page of a long history is an index scan from the cursor, with no sequential scan of the ledger', async () => {
    const m = await createMember(server);
    const db = server.database.db;
    await db.execute(sql`insert into loyalty_point_entries (name, customer, loyalty_program, loyalty_points, posting_date, expiry_date, entry_type, source)
      select 'LPE-M' || g, ${m.customer}, 'Member Rewards', 2, ${today()}::date - (g % 500), ${today()}::date - (g % 500) + 365, 'earn', 'purchase'
      from generate_series(1, 300) g`);
    await db.execute(sql`analyze`);
    const first = (await m.session.call(LOYALTY_METHODS.pointsDetails, { limit: 20 }, 'GET')).json().message;
    expect(first.next_before).toEqual(expect.any(String));

    // Every statement the page's request sends, with its parameters.
    const client = (db as unknown as { $client: { query: Query } }).$client;
    const original = client.query;
    const sent: { text: string; params: unknown[] }[] = [];
    client.query = function (this: unknown, text, params, config) {
      const t = typeof text === 'string' ? text : (text as { text: string }).text;
      const p = Array.isArray(params) ? params : ((text as { values?: unknown[] }).values ?? []);
      sent.push({ text: t, params: p });
      return original.call(this, text, params, config);
    } as Query;
    let second;
    try {
      second = await m.session.call(LOYALTY_METHODS.pointsDetails, { limit: 20, before: first.next_before }, 'GET');
    } finally {
      client.query = original;
    }
    expect(second.statusCode).toBe(200);
    expect(second.json().message.record).toHaveLength(20);

    const screen = sent.filter((s) => /from "loyalty_point_entries" page/.test(s.text));
    expect(screen).toHaveLength(1);
    const { rows } = (await original.call(client, `explain (format json) ${screen[0]!.text}`, screen[0]!.params)) as { rows: { 'QUERY PLAN': unknown }[] };
    const raw = rows[0]!['QUERY PLAN'];
    const plan = ((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[])[0]!.Plan;
    const all = nodes(plan);
    expect(all.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'loyalty_point_entries')).toEqual([]);
    const page = all.find((n) => n['Index Name'] === 'lpe_history_idx' && /created_at/.test(n['Index Cond'] ?? ''));
    expect(page, JSON.stringify(plan, null, 1)).toBeDefined();
    expect(page!['Scan Direction']).toBe('Backward');
  }, 120_000);
});
