// The member's reads, a redemption, a till's receipt and the dashboard at a real size on PostgreSQL: by default
// 100,000 members and 1,000,000 ledger rows (two years, a quarter of the rows reward orders, bench/ledger-seed.ts); the
// size of the country's largest programme is SCALE_MEMBERS=1000000 SCALE_ROWS=10000000. Prints p50 / p99 over HTTP of
// get_profile, get_loyalty_points_details (the points history's first page and an older one, as the app asks for
// them), getorders (first page and a later one), place_order and the integration API's earn, and the dashboard's last
// 30 days, next to the same requests on the same server before the seed (the demo data only: the same-run reference)
// and each one's goal. Every query those requests run is captured and EXPLAINed: a sequential scan of a table over
// 10,000 rows fails the run, as does a missed goal with SCALE_STRICT=1.
//   BENCH_DATABASE_URL=postgres://… npx tsx bench/scale.ts       (SCALE_ROWS=1000000, SCALE_MEMBERS=100000)
// Seeding is most of a run (about 100 minutes at the largest size). SCALE_KEEP_DATABASE=<name> runs on that database
// of the server instead of a new one and keeps it: the first run seeds it, a later run of the same size migrates it
// (a new index is built) and measures again without seeding; the demo-data reference is then not measured ("—").
// Each run adds its own members, orders and receipts. Drop it when done, or when a run stopped while seeding it:
// psql … -c 'drop database <name>'. SCALE_PROFILE=1 also prints where the time and the pages went, statement by statement.
import pg, { type Pool } from 'pg';
import { sql } from 'drizzle-orm';
import { seedLedger } from './ledger-seed';
import { signedInMembers, type SignedInMember } from './members';
import { AFFORDABLE, PRICE, placeOrder } from './race';
import { today } from '../contracts/business-day';
import { addDays } from '../server/modules/programme/rules';
import { snapshotReports } from '../server/modules/reports/service';
import { startBenchServer, table } from './support';

const ROWS = Number(process.env.SCALE_ROWS ?? 1_000_000);
const MEMBERS = Number(process.env.SCALE_MEMBERS ?? 100_000);
const SAMPLES = Number(process.env.SCALE_SAMPLES ?? 200);
const LARGE = 10_000;

if (!process.env.BENCH_DATABASE_URL) {
  console.log('(set BENCH_DATABASE_URL=postgres://… to run the 100,000-member benchmark on PostgreSQL)');
  process.exit(0);
}

// Every statement the server sends while `capturing` is on, by text, with the parameters of its first run, and the
// time each took from sending to its answer (SCALE_PROFILE=1 prints the costliest: where a slow request spends it).
const captured = new Map<string, unknown[]>();
const spent = new Map<string, { calls: number; ms: number }>();
let capturing = false;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [config, values] = args as [string | { text?: string; values?: unknown[] }, unknown];
  const text = capturing ? (typeof config === 'string' ? config : config?.text) : undefined;
  if (!text) return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  const params = Array.isArray(values) ? values : typeof config === 'object' ? (config?.values ?? []) : [];
  if (!captured.has(text)) captured.set(text, params);
  const started = performance.now();
  const count = () => {
    const s = spent.get(text) ?? { calls: 0, ms: 0 };
    spent.set(text, { calls: s.calls + 1, ms: s.ms + performance.now() - started });
  };
  // A pool's query answers through a callback, a client's through a promise.
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    args[last] = (...a: unknown[]) => (count(), callback(...a));
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  }
  const result = (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  if (result instanceof Promise) result.then(count, count);
  return result;
} as typeof pg.Client.prototype.query;

const KEEP = process.env.SCALE_KEEP_DATABASE || undefined;
const PROFILE = process.env.SCALE_PROFILE === '1';
/** This run's mark on the names it writes: a kept database holds earlier runs' members, points and receipts. */
const RUN = Date.now().toString(36);
const SEEDED_KEY = 'bench:scale:seeded';
const server = await startBenchServer(process.env.BENCH_DATABASE_URL, KEEP);
const pool = server.database.pool as Pool;
const get = (path: string, m: SignedInMember) =>
  fetch(`${server.url}${path}`, { headers: { cookie: m.cookie } }).then(async (r) => {
    if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${await r.text()}`);
    await r.arrayBuffer();
  });
const redeem = placeOrder(() => server.url);

// The back office's administrator (the dashboard) and a till connected as an API client (earn).
const admin = await fetch(`${server.url}/api/method/login`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ usr: 'admin@example.com', pwd: 'bench-admin' }),
});
const adminCookie = admin.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const { csrf_token: adminCsrf } = (await admin.json()) as { csrf_token: string };
const created = await fetch(`${server.url}/api/method/member_rewards.api_clients.create`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: adminCookie, 'x-frappe-csrf-token': adminCsrf },
  body: JSON.stringify({ client_name: 'Bench till', scopes: ['members:read', 'points:earn'] }),
});
if (created.status !== 200) throw new Error(`api_clients.create answered ${created.status}: ${await created.text()}`);
const { api_key, api_secret } = ((await created.json()) as { message: { api_key: string; api_secret: string } }).message;
let receipts = 0;
const BRANCH = 'สาขาสยาม';
const POINTS = '/api/method/headless_e_commerce.api.get_loyalty_points_details';
const HISTORY_PAGE = 20;
/** Each member's cursor past their newest row (the next_before of a one-row page), read before the timing. */
const olderPage = new Map<string, string | null>();
async function readCursors(members: SignedInMember[]) {
  for (const m of members) {
    const r = await fetch(`${server.url}${POINTS}?limit=1`, { headers: { cookie: m.cookie } });
    olderPage.set(m.name, ((await r.json()) as { message: { next_before: string | null } }).message.next_before);
  }
}
const requests: [string, (m: SignedInMember) => Promise<unknown>][] = [
  ['get_profile', (m) => get('/api/method/headless_e_commerce.api.get_profile', m)],
  ['get_loyalty_points_details, history page 1', (m) => get(`${POINTS}?limit=${HISTORY_PAGE}`, m)],
  // A member with a single row has no older page: theirs is the first page again (only the demo-data reference).
  ['get_loyalty_points_details, an older page', (m) => {
    const before = olderPage.get(m.name);
    return get(`${POINTS}?limit=${HISTORY_PAGE}${before ? `&before=${encodeURIComponent(before)}` : ''}`, m);
  }],
  ['getorders, first page', (m) => get('/api/method/honda_api.api_calls.getuser.getorders?start=0&limit=20', m)],
  ['getorders, page 2', (m) => get('/api/method/honda_api.api_calls.getuser.getorders?start=20&limit=20', m)],
  [
    'place_order (a redemption)',
    async (m) => {
      const status = await redeem(m, 0);
      if (status !== 200) throw new Error(`place_order answered ${status}`);
    },
  ],
  [
    'integration earn (a till\'s receipt)',
    async (m) => {
      receipts += 1;
      const r = await fetch(`${server.url}/api/method/member_rewards.integration.earn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `token ${api_key}:${api_secret}` },
        body: JSON.stringify({ customer: m.customer, receipt_no: `BENCH-${RUN}-${receipts}`, branch: BRANCH, amount: 100 }),
      });
      if (r.status !== 200) throw new Error(`earn answered ${r.status}: ${await r.text()}`);
      await r.arrayBuffer();
    },
  ],
  [
    'dashboard, last 30 days',
    async () => {
      const to = today();
      const query = new URLSearchParams({ from_date: addDays(to, -29), to_date: to });
      const r = await fetch(`${server.url}/api/method/member_rewards.reports.dashboard?${query}`, { headers: { cookie: adminCookie } });
      if (r.status !== 200) throw new Error(`dashboard answered ${r.status}: ${await r.text()}`);
      await r.arrayBuffer();
    },
  ],
];
/** Each request's goal for p99 at the size of the country's largest programme. */
const GOAL_MS: Record<string, number> = {
  get_profile: 20,
  'get_loyalty_points_details, history page 1': 20,
  'get_loyalty_points_details, an older page': 20,
  'getorders, first page': 20,
  'getorders, page 2': 20,
  'place_order (a redemption)': 50,
  'integration earn (a till\'s receipt)': 50,
  'dashboard, last 30 days': 1000,
};

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

/** p50 / p99 of each request, one after the other, spread over the members (a redemption at most AFFORDABLE each). */
async function measure(members: SignedInMember[]) {
  const out = new Map<string, { p50: number; p99: number }>();
  for (const [name, fn] of requests) {
    for (let i = 0; i < 5; i++) await fn(members[i % members.length]!);
    const samples: number[] = [];
    const n = name.startsWith('place_order') ? Math.min(SAMPLES, members.length * (AFFORDABLE - 1)) : name.startsWith('dashboard') ? Math.min(SAMPLES, 30) : SAMPLES;
    for (let i = 0; i < n; i++) {
      const started = performance.now();
      await fn(members[i % members.length]!);
      samples.push(performance.now() - started);
    }
    out.set(name, { p50: pct(samples, 50), p99: pct(samples, 99) });
  }
  return out;
}

/** Members from the seeded ledger, given a session, a verified phone and enough points for the redemptions. */
async function seededMembers(count: number): Promise<SignedInMember[]> {
  const fresh = await signedInMembers(pool, `scale-${RUN}-`, count, 0);
  const { rows } = await pool.query(
    // Members no earlier run on a kept database used: each run's members hold only the seeded rows and its own.
    `select c.name, c."user" from customers c where c.name like 'CUST-B%' and exists (select 1 from sales_invoices i where i.customer = c.name)
       and not exists (select 1 from loyalty_point_entries e where e.customer = c.name and e.name like 'LPE-SCALE-%') order by c.name limit $1`,
    [count],
  );
  // Each session of a fresh member moves to a seeded one: the seeded member signs in with it.
  const out: SignedInMember[] = [];
  for (const [i, r] of rows.entries()) {
    const m = fresh[i]!;
    await pool.query(`update sessions set "user" = $1 where "user" = $2`, [r.user, m.name]);
    await pool.query(`update users set phone_verified = true where name = $1`, [r.user]);
    await pool.query(
      `insert into loyalty_point_entries (name, customer, loyalty_program, loyalty_points, posting_date, expiry_date, entry_type, source)
       values ('LPE-SCALE-' || $3 || '-' || $1, $1, 'Member Rewards', $2, current_date, current_date + 365, 'adjust', 'adjustment')`,
      [r.name, PRICE * AFFORDABLE, RUN],
    );
    out.push({ ...m, name: String(r.user), customer: String(r.name) });
  }
  return out;
}

interface PlanNode {
  'Node Type': string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
const seqScans = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : []),
  ...(node.Plans ?? []).flatMap(seqScans),
];

/** EXPLAINs every captured statement: the large tables any of them reads with a sequential scan. */
async function explainCaptured() {
  const { rows: sizes } = await pool.query(`select relname, reltuples::bigint as n from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`);
  const large = new Set(sizes.filter((s) => Number(s.n) > LARGE).map((s) => String(s.relname)));
  const problems: string[] = [];
  /** With SCALE_PROFILE=1, each statement run (and rolled back) once more: the pages it read, which grow with size when its plan does. */
  const pages: [number, string][] = [];
  let explained = 0;
  for (const [text, params] of captured) {
    if (!/^\s*(select|insert|update|delete|with)\b/i.test(text)) continue;
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query(`explain (format json) ${text}`, params);
      explained += 1;
      const plan = (rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]!.Plan;
      const bad = seqScans(plan).filter((r) => large.has(r));
      if (bad.length) problems.push(`seq scan of ${[...new Set(bad)].join(', ')}: ${text.replace(/\s+/g, ' ').slice(0, 300)}`);
      if (PROFILE) {
        // A statement the run's own data refuses now (a receipt or key already written) is left out.
        const run = await client.query(`explain (analyze, buffers, format json) ${text}`, params).catch(() => null);
        if (run) {
          const top = (run.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]!.Plan;
          pages.push([(top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0), text]);
        }
      }
    } finally {
      await client.query('rollback');
      client.release();
    }
  }
  return { explained, problems, large: [...large], pages: pages.sort((a, b) => b[0] - a[0]) };
}

try {
  const size = { rows: ROWS, members: MEMBERS };
  const { rows: marks } = await pool.query('select value from settings where key = $1', [SEEDED_KEY]);
    const mark = marks[0]?.value as typeof size | undefined;
  const reused = mark !== undefined;
  if (mark && (mark.rows !== ROWS || mark.members !== MEMBERS)) {
    throw new Error(`${KEEP} was seeded at ${JSON.stringify(marks[0]!.value)}, not ${JSON.stringify(size)}: drop it or name another`);
  }
  let before: Awaited<ReturnType<typeof measure>> | undefined;
  if (!reused) {
    const small = await signedInMembers(pool, `small-${RUN}-`, 40, PRICE * AFFORDABLE);
    await readCursors(small);
    before = await measure(small);
  }
  let started = performance.now();
  if (!reused) {
    await seedLedger(server.database.db, { rows: ROWS, members: MEMBERS, days: 730 });
    if (KEEP) await pool.query('insert into settings (key, value) values ($1, $2)', [SEEDED_KEY, JSON.stringify(size)]);
  }
  const members = await seededMembers(40);
  // Vacuumed as well as analyzed, and checkpointed, as a running installation's tables are: otherwise autovacuum's
  // first pass over the freshly written tables and the writing out of the seed's pages (minutes at the largest size)
  // run during the timing, and the index-only scans the reports rely on visit the table for every row until the
  // visibility map is set.
  await server.database.db.execute(sql`vacuum analyze`);
  await server.database.db.execute(sql`checkpoint`);
  // The dashboard reads the nightly snapshot, as a running installation has it.
  while ((await snapshotReports(server.database.db, new Date())).written > 0);
  await readCursors(members);
  const [{ n }] = (await pool.query('select count(*)::int as n from loyalty_point_entries')).rows as [{ n: number }];
  const [{ c }] = (await pool.query('select count(*)::int as c from customers')).rows as [{ c: number }];
  const [{ bytes }] = (await pool.query('select pg_database_size(current_database())::bigint as bytes')).rows as [{ bytes: string }];
  console.log(`${reused ? `reused ${KEEP}, ` : ''}seeded ${Number(n).toLocaleString('en-US')} ledger rows, ${Number(c).toLocaleString('en-US')} members${reused ? '' : ` in ${((performance.now() - started) / 1000).toFixed(0)} s (with the dashboard's snapshot)`}; the database is ${(Number(bytes) / 2 ** 30).toFixed(2)} GiB`);
  started = performance.now();
  capturing = true;
  const after = await measure(members);
  capturing = false;
  const rows: (string | number)[][] = [['request (sequential)', 'p50 at scale', 'p99 at scale', 'p50 demo data (reference)', 'p99 demo data (reference)', 'goal p99']];
  let missed = 0;
  for (const [name] of requests) {
    const a = after.get(name)!;
    const b = before?.get(name);
    const ref = (v: number | undefined) => (v === undefined ? '—' : `${v.toFixed(1)} ms`);
    const goal = GOAL_MS[name]!;
    if (a.p99 > goal) missed += 1;
    rows.push([name, `${a.p50.toFixed(1)} ms`, `${a.p99.toFixed(1)} ms`, ref(b?.p50), ref(b?.p99), `≤ ${goal} ms: ${a.p99 <= goal ? 'met' : 'MISSED'}`]);
  }
  table(rows);
  if (PROFILE) {
    console.log('\nthe statements that took the most time in all (calls, mean, total, statement):');
    const costliest = [...spent].sort((a, b) => b[1].ms - a[1].ms).slice(0, 40);
    for (const [text, s] of costliest) console.log(`  ${s.calls}  ${(s.ms / s.calls).toFixed(2)} ms  ${s.ms.toFixed(0)} ms  ${text.replace(/\s+/g, ' ').slice(0, 400)}`);
  }
  if (missed && process.env.SCALE_STRICT === '1') process.exitCode = 1;
  // The check itself must see a scan: a filter on a column no index covers has to be reported.
  const CANARY = `select count(*) from loyalty_point_entries where member_text = $1`;
  captured.set(CANARY, ['x']);
  const check = await explainCaptured();
  const canary = check.problems.findIndex((p) => p.includes('member_text = $1'));
  if (canary < 0) throw new Error('the EXPLAIN check did not report a known sequential scan: it is blind');
  check.problems.splice(canary, 1);
  // Nor is it one of the requests' statements in the list of the pages they read.
  check.pages = check.pages.filter(([, text]) => text !== CANARY);
  console.log(`\nEXPLAINed ${check.explained - 1} distinct statements; tables over ${LARGE.toLocaleString('en-US')} rows: ${check.large.join(', ')}`);
  if (check.problems.length) {
    for (const p of check.problems) console.error(`  ${p}`);
    process.exitCode = 1;
  } else console.log('no sequential scan of a large table');
  if (PROFILE) {
    console.log('\nthe statements that read the most pages (8 kB, cached or not), run once more with EXPLAIN ANALYZE:');
    for (const [n, text] of check.pages.slice(0, 25)) console.log(`  ${n}  ${text.replace(/\s+/g, ' ').slice(0, 1500)}`);
  }
} finally {
  pg.Client.prototype.query = originalQuery;
  await server.close();
}
