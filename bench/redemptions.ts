// Redemptions/s through the real server on PostgreSQL, next to the reference redemption (bench/race.ts) measured in
// the same run on the same database, for 1 × 100, 10 × 20 and 100 × 10 (members × parallel requests each; median
// of REDEEM_ROUNDS=3 alternating rounds), first with the points alone deciding, then with the reward's stock counted
// too. Exits non-zero on any overspend, negative balance, oversold unit or a count other than exactly the affordable
// one, ours or the reference's.
//   BENCH_DATABASE_URL=postgres://… npx tsx bench/redemptions.ts      (REDEEM_SHAPES="10x20" to change the shapes)
import type { Pool } from 'pg';
import { signedInMembers } from './members';
import { perSecond, placeOrder, race, startReference, type RaceResult } from './race';
import { startBenchServer, table } from './support';
import { recordStatements } from '../server/db/statement-log';

const ROUNDS = Number(process.env.REDEEM_ROUNDS ?? 3);
/** The run of median time (its own counts and checks; every run's checks count toward failing). */
const median = (runs: RaceResult[]) => [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor(runs.length / 2)]!;
const SHAPES = (process.env.REDEEM_SHAPES ?? '1x100,10x20,100x10').split(',').map((s) => s.split('x').map(Number) as [number, number]);

if (!process.env.BENCH_DATABASE_URL) {
  console.log('(set BENCH_DATABASE_URL=postgres://… to measure redemptions/s on PostgreSQL next to the node-postgres reference)');
  process.exit(0);
}

/**
 * The profile behind the ratio: the statements one redemption sends to PostgreSQL through our server, each a round
 * trip on the member's transaction (the reference sends 8: begin, the lock, the balance, the stock's two, the
 * invoice, its ledger row, commit).
 */
async function statementsOfOneRedemption() {
  const [member] = await signedInMembers(pool, 'profile', 1, 105);
  const log = await recordStatements(server.database);
  try {
    const started = performance.now();
    const status = await ours(member!, 0);
    const ms = performance.now() - started;
    console.log(`one redemption through our server (HTTP ${status}, ${ms.toFixed(1)} ms): ${log.sent.length} statements`);
    const counts = new Map<string, number>();
    for (const s of log.sent) counts.set(s, (counts.get(s) ?? 0) + 1);
    for (const [s, n] of counts) console.log(`  ${n} × ${s}`);
  } finally {
    log.stop();
  }
}

const server = await startBenchServer(process.env.BENCH_DATABASE_URL);
const pool = server.database.pool as Pool;
const reference = await startReference(server.config.databaseUrl!);
const ours = placeOrder(() => server.url);
const status = (r: RaceResult) => `${r.ok}/${r.expected}${r.failures ? ' FAILED' : ''}`;
const checks = (r: RaceResult) => `${r.overspends} · ${r.negative} · ${r.stockLeft ?? '-'} · ${r.otherStatuses}`;
const rows: (string | number)[][] = [
  ['members × parallel', 'stock', 'ours req/s', 'reference req/s', 'ours redemptions/s', 'reference redemptions/s', 'ratio', 'succeeded ours · ref', 'overspends · negative · stock left · other statuses (ours)'],
];
let failures = 0;
let run = 0;
try {
  // Warm-up, not counted: connections opened, code compiled on both sides.
  await race(pool, await signedInMembers(pool, 'warm-o', 5, 105), 5, ours, false);
  await race(pool, await signedInMembers(pool, 'warm-r', 5, 105), 5, reference.redeem, false);
  for (const [members, parallel] of SHAPES) {
    for (const countStock of [false, true]) {
      // Rounds alternate ours and the reference, so a burst of load elsewhere on the machine hits both; medians.
      const mineRuns: RaceResult[] = [];
      const refRuns: RaceResult[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        run += 1;
        mineRuns.push(await race(pool, await signedInMembers(pool, `ours${run}x`, members, 105), parallel, ours, countStock));
        refRuns.push(await race(pool, await signedInMembers(pool, `ref${run}x`, members, 105), parallel, reference.redeem, countStock));
      }
      const mine = median(mineRuns);
      const ref = median(refRuns);
      failures += [...mineRuns, ...refRuns].reduce((n, r) => n + r.failures, 0);
      rows.push([
        `${members} × ${parallel}`,
        countStock ? 'counted' : 'not counted',
        perSecond(mine.requests, mine.seconds),
        perSecond(ref.requests, ref.seconds),
        perSecond(mine.ok, mine.seconds),
        perSecond(ref.ok, ref.seconds),
        `${((ref.seconds / mine.seconds) * 100).toFixed(0)}%`,
        `${status(mine)} · ${status(ref)}`,
        checks(mine),
      ]);
    }
  }
  table(rows);
  console.log(`\nratio: the reference's time for the same requests over ours (ours as a share of the limit); median of ${ROUNDS} alternating rounds.\n`);
  await statementsOfOneRedemption();
} finally {
  await reference.close();
  await server.close();
}
if (failures) {
  console.error(`${failures} exactness failures`);
  process.exit(1);
}
