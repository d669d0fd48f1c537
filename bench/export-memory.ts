// A 100,000-row ledger export over real HTTP, with the server's heap sampled while it streams, next to a same-run
// reference: the same rows read in one query and held, as an export that loaded everything first would. Exits
// non-zero when streaming holds as much as half of what loading everything does. On PostgreSQL when
// BENCH_DATABASE_URL is set, else on PGlite. EXPORT_ROWS changes the size. Run with --expose-gc for steadier figures:
//   node --expose-gc --import tsx bench/export-memory.ts
import { sql } from 'drizzle-orm';
import { loyaltyPointEntries } from '../server/db/schema/loyalty';
import { startBenchServer, table } from './support';

const ROWS = Number(process.env.EXPORT_ROWS ?? 100_000);
const MB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

function settle() {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/**
 * Runs `work` while sampling the heap every 50 ms: the most it grew above the settled baseline. With --expose-gc
 * each sample follows a collection, so it counts what is held, not garbage waiting to be collected.
 */
async function peakGrowth<T>(work: () => Promise<T>) {
  const base = settle();
  let peak = base;
  const timer = setInterval(() => {
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 50);
  const result = await work();
  gc();
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  clearInterval(timer);
  return { growth: peak - base, result };
}

async function run(label: string, databaseUrl?: string) {
  const server = await startBenchServer(databaseUrl);
  // Thai text in every row, as the real ledger has.
  await server.database.db.execute(sql`
    insert into ${loyaltyPointEntries} (name, customer, loyalty_program, loyalty_points, posting_date, expiry_date, entry_type, source, reason, member_text, creation)
    select 'LPE-X' || lpad(g::text, 7, '0'), 'CUST-00001', 'Member Rewards', 1 + g % 50, current_date, current_date + 365, 'adjust', 'import',
           'opening_balance', 'ยอดยกมาจากระบบเดิม ' || g, timestamp '2026-01-01' + g * interval '1 millisecond'
    from generate_series(1, ${ROWS}) g`);
  const login = await fetch(`${server.url}/api/method/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ usr: 'admin@example.com', pwd: 'bench-admin' }) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

  const streamed = await peakGrowth(async () => {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/method/member_rewards.admin.export?kind=ledger`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines += 1;
    }
    return { bytes, lines, seconds: (performance.now() - started) / 1000 };
  });
  let held: unknown[] = [];
  const loaded = await peakGrowth(async () => {
    held = await server.database.db.select().from(loyaltyPointEntries);
    return held.length;
  });
  held = [];
  const { bytes, lines, seconds } = streamed.result;
  table([
    [`${label}: ledger export`, 'rows', 'CSV size', 'seconds', 'heap growth while streaming', 'same rows loaded at once', 'ratio'],
    [
      `${ROWS.toLocaleString('en-US')} rows`,
      lines - 1,
      `${(bytes / MB).toFixed(1)} MB`,
      seconds.toFixed(1),
      `${(streamed.growth / MB).toFixed(1)} MB`,
      `${(loaded.growth / MB).toFixed(1)} MB (${loaded.result} rows)`,
      `${((streamed.growth / loaded.growth) * 100).toFixed(0)}%`,
    ],
  ]);
  console.log('');
  await server.close();
  // Exported rows: the demo member's own seeded rows too.
  return lines - 1 < ROWS || streamed.growth >= loaded.growth / 2 ? 1 : 0;
}

let failures = await run('PGlite');
if (process.env.BENCH_DATABASE_URL) failures += await run('PostgreSQL', process.env.BENCH_DATABASE_URL);
if (!(globalThis as { gc?: unknown }).gc) console.log('(run with node --expose-gc --import tsx for steadier figures)');
if (failures) process.exit(1);
