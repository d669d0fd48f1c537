// The dashboard at a million ledger rows: seeds two years of a programme of 50,000 members (batches, redemptions
// with their orders, expiries), builds the daily snapshot, then times the dashboard's figures for the last 30 and
// 365 days from the snapshot, the same figures straight from the ledger, and, as a same-run reference, one full
// scan of the ledger (select count(*)). Also checks both ways agree to the point. On PostgreSQL (BENCH_DATABASE_URL,
// a database of its own, dropped afterwards); without it on PGlite with REPORT_ROWS (default 100,000) rows.
//   BENCH_DATABASE_URL=postgres://… npx tsx bench/reports.ts
import { sql } from 'drizzle-orm';
import { loyaltyPointEntries } from '../server/db/schema/loyalty';
import { today } from '../contracts/business-day';
import { addDays } from '../server/modules/programme/rules';
import { dashboard, snapshotReports } from '../server/modules/reports/service';
import { seedLedger } from './ledger-seed';
import { startBenchServer, table } from './support';

const ON_PG = Boolean(process.env.BENCH_DATABASE_URL);
const ROWS = Number(process.env.REPORT_ROWS ?? (ON_PG ? 1_000_000 : 100_000));
const MEMBERS = Math.max(1000, Math.round(ROWS / 20));
const DAYS = 730;
const RUNS = Number(process.env.RUNS ?? 5);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(fn: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

const server = await startBenchServer(process.env.BENCH_DATABASE_URL);
const db = server.database.db;
const label = ON_PG ? 'PostgreSQL' : 'PGlite';
try {
  let started = performance.now();
  await seedLedger(db, { rows: ROWS, members: MEMBERS, days: DAYS });
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(loyaltyPointEntries)) as [{ n: number }];
  console.log(`${label}: seeded ${Number(n).toLocaleString('en-US')} ledger rows, ${MEMBERS.toLocaleString('en-US')} members, ${DAYS} days in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  started = performance.now();
  let days = 0;
  for (;;) {
    const run = await snapshotReports(db, new Date());
    days += run.written;
    if (run.written === 0) break;
  }
  const build = performance.now() - started;

  const t = today();
  const ranges = [
    { name: 'last 30 days', from_date: addDays(t, -29), to_date: t, branch: null },
    { name: 'last 365 days', from_date: addDays(t, -364), to_date: t, branch: null },
    { name: 'last 365 days, one branch', from_date: addDays(t, -364), to_date: t, branch: 'สาขาสยาม' },
  ];
  const login = await fetch(`${server.url}/api/method/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ usr: 'admin@example.com', pwd: 'bench-admin' }) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const reference = await time(() => db.select({ n: sql<number>`count(*)` }).from(loyaltyPointEntries));
  const rows: (string | number)[][] = [[`${label}, ${Number(n).toLocaleString('en-US')} rows`, 'from the snapshot (HTTP)', 'from the snapshot', 'straight from the ledger', 'ledger ÷ snapshot', 'agree']];
  for (const r of ranges) {
    const q = { from_date: r.from_date, to_date: r.to_date, branch: r.branch };
    const query = new URLSearchParams({ from_date: q.from_date, to_date: q.to_date, ...(q.branch ? { branch: q.branch } : {}) });
    const http = await time(async () => {
      const res = await fetch(`${server.url}/api/method/member_rewards.reports.dashboard?${query}`, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`dashboard answered ${res.status}: ${await res.text()}`);
      await res.json();
    });
    const fast = await time(() => dashboard(db, q));
    const slow = await time(() => dashboard(db, q, { snapshot: false }));
    const a = await dashboard(db, q);
    const b = await dashboard(db, q, { snapshot: false });
    const agree = JSON.stringify({ ...a, snapshot: null }) === JSON.stringify({ ...b, snapshot: null });
    if (!agree && process.env.DEBUG_REPORTS) {
      for (const k of Object.keys(a) as (keyof typeof a)[]) if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) console.log(k, JSON.stringify(a[k]).slice(0, 600), '\n   vs', JSON.stringify(b[k]).slice(0, 600));
    }
    rows.push([r.name, `${http.toFixed(0)} ms`, `${fast.toFixed(0)} ms`, `${slow.toFixed(0)} ms`, `${(slow / fast).toFixed(1)}×`, agree ? 'yes' : 'NO']);
    if (!agree) process.exitCode = 1;
  }
  rows.push(['reference: one full scan (select count(*))', '', `${reference.toFixed(0)} ms`, '', '', '']);
  rows.push([`snapshot built for ${days} days`, '', `${(build / 1000).toFixed(1)} s (${(build / Math.max(1, days)).toFixed(0)} ms a day)`, '', '', '']);
  table(rows);
  console.log(`(median of ${RUNS}; the snapshot job writes one day a night after that)`);
} finally {
  await server.close();
}
